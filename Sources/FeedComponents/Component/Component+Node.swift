extension Component {
  /// Renders the component into `content` and returns the node it drew: the actions are
  /// cleared first and attached again by the component's modifiers, so content that drew
  /// another component before never keeps its actions.
  ///
  /// `ContainerCell` calls it with the content it hosts; an erased component, drawn once per
  /// feed, calls it with fresh content and needs no cell to keep it, which spares allocating
  /// and looking up a generic cell class for every item of every feed.
  ///
  /// `id` is the component's `id`, for a caller that holds it already (an erased component
  /// took it when it was made): a component's id is often written out from its row's key, and
  /// is not worth writing twice.
  func node(renderingInto content: Content, context: RenderContext, id: String? = nil)
    -> ItemNode
  {
    let id = id ?? self.id
    content.actions = ContentActions()
    render(context: context, content: content)
    return ItemNode(
      id: id,
      type: Content.nodeType,
      writingProps: content.writeCanonicalProps,
      actions: content.actions,
      size: size(in: context.proposal)
    )
  }
}
