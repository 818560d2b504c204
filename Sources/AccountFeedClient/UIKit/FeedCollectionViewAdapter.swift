#if canImport(UIKit)
  import FeedComponents
  import UIKit

  /// Seed 000's `FeedCollectionViewAdapter`, fed by `FeedUpdate`s: it knows no cell. Each
  /// component type is registered once with the cell that draws it; the data source answers from
  /// the batch's own sections, and each `FeedBatch` is one `performBatchUpdates`.
  ///
  /// ```swift
  /// adapter.register("account_row", as: AccountCell.self) { cell, node in cell.show(node) }
  /// for try await update in client.updates() { adapter.apply(update) }
  /// ```
  @MainActor
  public final class FeedCollectionViewAdapter: NSObject, UICollectionViewDataSource {
    private typealias Dequeue = (UICollectionView, IndexPath, ItemNode) -> UICollectionViewCell

    private let collectionView: UICollectionView
    private var sections: [SectionNode] = []
    private var cells: [String: Dequeue] = [:]
    private let unknown = UICollectionView.CellRegistration<UICollectionViewCell, ItemNode> {
      _, _, _ in
    }

    public init(collectionView: UICollectionView) {
      self.collectionView = collectionView
      super.init()
      collectionView.dataSource = self
    }

    /// Draws items of component `type` with `Cell`, configured by `render` on every reuse (the
    /// seed's `render(context:content:)`); a type without a cell is left blank.
    public func register<Cell: UICollectionViewCell>(
      _ type: String, as cell: Cell.Type, render: @escaping (Cell, ItemNode) -> Void
    ) {
      let registration = UICollectionView.CellRegistration<Cell, ItemNode> { cell, _, node in
        render(cell, node)
      }
      cells[type] = { view, path, node in
        view.dequeueConfiguredReusableCell(using: registration, for: path, item: node)
      }
    }

    /// Shows `update`: its batches one `performBatchUpdates` each, or a reload when it has none.
    public func apply(_ update: FeedUpdate) {
      guard !update.batches.isEmpty, collectionView.window != nil else {
        sections = update.document.sections
        collectionView.reloadData()
        return
      }
      for batch in update.batches {
        collectionView.performBatchUpdates {
          sections = batch.sections
          collectionView.deleteSections(IndexSet(batch.sectionDeletes.map(\.index)))
          collectionView.insertSections(IndexSet(batch.sectionInserts.map(\.index)))
          collectionView.reloadSections(IndexSet(batch.sectionReloads.map(\.from)))
          for move in batch.sectionMoves {
            collectionView.moveSection(move.source, toSection: move.target)
          }
          collectionView.deleteItems(at: batch.itemDeletes.map { IndexPath($0.path) })
          collectionView.insertItems(at: batch.itemInserts.map { IndexPath($0.path) })
          collectionView.reloadItems(at: batch.itemReloads.map { IndexPath($0.from) })
          for move in batch.itemMoves {
            collectionView.moveItem(at: IndexPath(move.source), to: IndexPath(move.target))
          }
        }
      }
    }

    public func numberOfSections(in collectionView: UICollectionView) -> Int {
      sections.count
    }

    public func collectionView(
      _ collectionView: UICollectionView, numberOfItemsInSection section: Int
    ) -> Int {
      sections[section].items.count
    }

    public func collectionView(
      _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
      let node = sections[indexPath.section].items[indexPath.item]
      guard let dequeue = cells[node.type] else {
        return collectionView.dequeueConfiguredReusableCell(
          using: unknown, for: indexPath, item: node)
      }
      return dequeue(collectionView, indexPath, node)
    }
  }

  extension IndexPath {
    /// The collection view's index path for a feed path.
    init(_ path: ElementPath) {
      self.init(item: path.element, section: path.section)
    }
  }
#endif
