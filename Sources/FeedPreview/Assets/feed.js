// AccountFeed preview: a feed document drawn as HTML, and feeddiff.changeset/2 applied to it
// with the staged algorithm of docs/wire.md ("The client algorithm"), the one a phone uses.
// Plain browser JavaScript, no build step; everything is on `window.AccountFeed`.
(function () {
  "use strict";

  // MARK: JSON that keeps numbers as written

  // The server writes canonical JSON. A number is kept as the text it was written with, so a
  // decimal such as 1.50 re-encodes byte for byte and the digests stay right.
  class RawNumber {
    constructor(text) { this.text = text; }
    toString() { return this.text; }
  }

  function parseJSON(text) {
    let i = 0;
    const fail = (what) => { throw new Error("not JSON: " + what + " at " + i); };
    const space = () => { while (i < text.length && " \t\n\r".includes(text[i])) i++; };
    function value() {
      space();
      const c = text[i];
      if (c === "{") {
        i++;
        const object = {};
        space();
        if (text[i] === "}") { i++; return object; }
        for (;;) {
          space();
          if (text[i] !== "\"") fail("expected a key");
          const key = string();
          space();
          if (text[i++] !== ":") fail("expected ':'");
          object[key] = value();
          space();
          const next = text[i++];
          if (next === "}") return object;
          if (next !== ",") fail("expected ',' or '}'");
        }
      }
      if (c === "[") {
        i++;
        const array = [];
        space();
        if (text[i] === "]") { i++; return array; }
        for (;;) {
          array.push(value());
          space();
          const next = text[i++];
          if (next === "]") return array;
          if (next !== ",") fail("expected ',' or ']'");
        }
      }
      if (c === "\"") return string();
      for (const [word, result] of [["true", true], ["false", false], ["null", null]]) {
        if (text.startsWith(word, i)) { i += word.length; return result; }
      }
      const match = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 64));
      if (!match || match[0] === "") fail("unexpected character");
      i += match[0].length;
      return new RawNumber(match[0]);
    }
    function string() {
      const start = i;
      i++;
      while (i < text.length && text[i] !== "\"") i += text[i] === "\\" ? 2 : 1;
      if (i >= text.length) fail("unterminated string");
      i++;
      return JSON.parse(text.slice(start, i));
    }
    const result = value();
    space();
    if (i !== text.length) fail("trailing characters");
    return result;
  }

  // MARK: Canonical JSON and SHA-256 (components.md, "Canonical JSON" and "Digests")

  // Keys sort by their UTF-8 bytes, which is code-point order (not JavaScript's UTF-16 order).
  function compareKeys(a, b) {
    const x = Array.from(a), y = Array.from(b);
    for (let k = 0; k < Math.min(x.length, y.length); k++) {
      const d = x[k].codePointAt(0) - y[k].codePointAt(0);
      if (d !== 0) return d;
    }
    return x.length - y.length;
  }

  // JSON.stringify escapes strings exactly as the canonical writer does: `"`, `\` and the
  // control characters below U+0020 (\b \f \n \r \t, otherwise \u00xx in lower case).
  function canonical(value) {
    if (value === null) return "null";
    if (value === true) return "true";
    if (value === false) return "false";
    if (value instanceof RawNumber) return value.text;
    if (typeof value === "number") return String(value);
    if (typeof value === "string") return JSON.stringify(value);
    if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
    const keys = Object.keys(value).filter((k) => value[k] !== undefined).sort(compareKeys);
    return "{" + keys.map((k) => JSON.stringify(k) + ":" + canonical(value[k])).join(",") + "}";
  }

  const K = new Uint32Array([
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ]);

  // SHA-256 in plain JavaScript: Web Crypto is asynchronous and missing outside secure contexts.
  function sha256(text) {
    const bytes = new TextEncoder().encode(text);
    const length = ((bytes.length + 9 + 63) >> 6) << 6;
    const data = new Uint8Array(length);
    data.set(bytes);
    data[bytes.length] = 0x80;
    const view = new DataView(data.buffer);
    view.setUint32(length - 8, Math.floor(bytes.length / 0x20000000));
    view.setUint32(length - 4, (bytes.length << 3) >>> 0);
    const h = new Uint32Array([
      0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ]);
    const w = new Uint32Array(64);
    const rotr = (x, n) => (x >>> n) | (x << (32 - n));
    for (let offset = 0; offset < length; offset += 64) {
      for (let t = 0; t < 16; t++) w[t] = view.getUint32(offset + 4 * t);
      for (let t = 16; t < 64; t++) {
        const s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >>> 3);
        const s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >>> 10);
        w[t] = w[t - 16] + s0 + w[t - 7] + s1;
      }
      let [a, b, c, d, e, f, g, hh] = h;
      for (let t = 0; t < 64; t++) {
        const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t] + w[t]) >>> 0;
        const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
        hh = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
      }
      h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
    }
    return Array.from(h, (x) => x.toString(16).padStart(8, "0")).join("");
  }

  function without(object, ...names) {
    const copy = {};
    for (const key of Object.keys(object)) if (!names.includes(key)) copy[key] = object[key];
    return copy;
  }
  const itemDigest = (item) => sha256(canonical(without(item, "id", "digest")));
  // A section's digest covers its own fields with every item — header and footer included —
  // written as [id, digest]; a feed's covers its sections as [id, digest] (components.md). The
  // page hashes each item's content again rather than trusting the digest it holds, so a copy
  // that drifted from what the server sent fails the target check instead of passing it.
  const itemReference = (item) => [item.id, itemDigest(item)];
  function sectionDigest(section) {
    const content = without(section, "digest", "header", "footer", "items");
    if (section.header) content.header = itemReference(section.header);
    if (section.footer) content.footer = itemReference(section.footer);
    content.items = (section.items || []).map(itemReference);
    return sha256(canonical(content));
  }
  const feedDigest = (sections) => sha256(canonical(sections.map((s) => [s.id, s.digest])));

  // MARK: Drawing components by type (components.md, "The content vocabulary")

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  const has = (props, key) => props[key] !== undefined && props[key] !== null;

  const drawers = {
    title(props, node) {
      node.append(el("h2", "c-title-text", props.text));
      if (has(props, "subtitle")) node.append(el("p", "c-subtitle", props.subtitle));
    },
    account_row(props, node) {
      const left = el("div", "c-left");
      left.append(el("span", "c-title", props.title));
      if (has(props, "subtitle")) left.append(el("span", "c-subtitle", props.subtitle));
      node.append(left, el("span", "c-value", props.value));
    },
    notice(props, node, item) {
      const severity = ["info", "warning", "critical"].includes(String(props.severity))
        ? String(props.severity) : "info";
      node.classList.add("sev-" + severity);
      node.append(el("span", "c-icon", { info: "i", warning: "!", critical: "!!" }[severity]));
      const body = el("div", "c-body");
      body.append(el("p", "c-message", props.message));
      if (has(props, "button_title")) body.append(el("span", "c-button", props.button_title));
      node.append(body);
      if (item.actions && item.actions.dismiss) {
        const mark = el("span", "c-dismiss", "×");
        mark.title = "The phone shows a dismiss mark here";
        node.append(mark);
      }
    },
    summary_row(props, node) {
      node.append(el("span", "c-label", props.label), el("span", "c-value", props.value));
    },
    empty_state(props, node) {
      node.append(el("p", "c-message", props.message));
      if (has(props, "button_title")) node.append(el("span", "c-button", props.button_title));
    },
    toggle_row(props, node) {
      const on = props.is_on === true;
      node.append(el("span", "c-title", props.title), el("span", "c-switch" + (on ? " on" : ""), on ? "ON" : "OFF"));
    },
  };

  /// One item node as an element; a type this page does not know gets an honest placeholder.
  function drawItem(item, tag) {
    const node = el(tag || "li", "item");
    node.dataset.id = item.id;
    node.dataset.type = item.type;
    node.dataset.digest = item.digest || "";
    const drawer = Object.prototype.hasOwnProperty.call(drawers, item.type) ? drawers[item.type] : null;
    const body = el("div", "comp comp-" + (drawer ? item.type : "unknown"));
    if (drawer) {
      drawer(item.props || {}, body, item);
    } else {
      body.append(el("span", "c-unknown-text", "This page cannot draw a “" + item.type + "” component"));
      body.append(el("code", "c-unknown-id", item.id));
    }
    node.append(body);
    return node;
  }

  function drawSlot(slot, item) {
    slot.replaceChildren();
    if (item) slot.append(drawItem(item, "div"));
  }

  function drawSection(section) {
    const node = el("section", "feed-section");
    node.dataset.id = section.id;
    const header = el("div", "section-header");
    const list = el("ol", "items");
    const footer = el("div", "section-footer");
    drawSlot(header, section.header);
    drawSlot(footer, section.footer);
    for (const item of section.items || []) list.append(drawItem(item));
    node.append(header, list, footer);
    return node;
  }

  // MARK: The feed on screen

  class ChangesetError extends Error {}

  const reducedMotion = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const liveChildren = (parent, selector) =>
    Array.from(parent.children).filter((child) => child.matches(selector) && !child.classList.contains("leaving"));

  /// A feed document on screen: the model (plain JSON) and the DOM change together.
  class FeedView {
    constructor(container, options) {
      this.container = container;
      this.animate = !(options && options.animate === false);
      this.document = null;
    }

    get digest() { return this.document ? this.document.digest : null; }

    /// Draws a whole document, replacing whatever was there.
    render(documentValue) {
      const doc = typeof documentValue === "string" ? parseJSON(documentValue) : documentValue;
      this.document = doc;
      this.container.replaceChildren(...(doc.sections || []).map(drawSection));
      this.container.dataset.digest = doc.digest || "";
    }

    sectionElements() { return liveChildren(this.container, "section.feed-section"); }
    itemElements(sectionElement) { return liveChildren(sectionElement.querySelector(":scope > ol.items"), "li.item"); }

    /// Applies a feeddiff.changeset/2 to the model and the DOM, stage by stage, and checks the
    /// target digest. Throws a ChangesetError saying what disagreed; the caller refetches.
    apply(changesetValue) {
      const changeset = typeof changesetValue === "string" ? parseJSON(changesetValue) : changesetValue;
      if (changeset.schema !== "feeddiff.changeset/2") {
        throw new ChangesetError("the changeset is " + changeset.schema + ", not feeddiff.changeset/2");
      }
      if (!this.document || changeset.base !== this.document.digest) {
        throw new ChangesetError("the feed on screen is not the changeset's base");
      }
      const before = this.positions();
      const sections = this.document.sections.map((s) => Object.assign({}, s, { items: s.items.slice() }));
      (changeset.stages || []).forEach((stage, index) => this.applyStage(stage, index + 1, sections));
      for (const section of sections) section.digest = sectionDigest(section);
      const rebuilt = Object.assign({}, changeset.document || {}, { sections });
      rebuilt.digest = feedDigest(sections);
      if (rebuilt.digest !== changeset.target) {
        throw new ChangesetError("the rebuilt feed's digest is not the changeset's target");
      }
      this.document = rebuilt;
      this.container.dataset.digest = rebuilt.digest;
      this.checkDOM();
      this.flip(before);
      return rebuilt;
    }

    applyStage(stage, number, sections) {
      const fail = (reason) => { throw new ChangesetError("stage " + number + ": " + reason); };
      const s = stage.sections || {}, it = stage.items || {};
      const kept = { items: new Map(), sections: new Map() };
      const sectionAt = (index, id) => {
        if (!(index >= 0 && index < sections.length)) fail("section index " + index + " is outside the feed");
        if (id !== undefined && sections[index].id !== id) fail("section " + index + " is not \"" + id + "\"");
        return sections[index];
      };
      const itemAt = (path, sectionID, id) => {
        const section = sectionAt(Number(path[0]), sectionID);
        const row = Number(path[1]);
        if (!(row >= 0 && row < section.items.length)) fail("item " + JSON.stringify(path.map(Number)) + " is outside the feed");
        if (section.items[row].id !== id) fail("item at " + JSON.stringify(path.map(Number)) + " is not \"" + id + "\"");
        return { section, row };
      };
      const checked = (node, where) => {
        if (node.digest !== undefined && node.digest !== itemDigest(node)) fail(where + " does not match its digest");
        return node;
      };
      const sectionElement = (id) => this.container.querySelector(":scope > section.feed-section[data-id=\"" + CSS.escape(id) + "\"]:not(.leaving)");

      // 1. Reloads, at pre-stage indices.
      for (const change of s.updated || []) {
        const index = Number(change.index);
        const old = sectionAt(index, change.id);
        const shell = change.section;
        if (shell.header) checked(shell.header, "the header of section \"" + change.id + "\"");
        if (shell.footer) checked(shell.footer, "the footer of section \"" + change.id + "\"");
        sections[index] = Object.assign({}, shell, { items: old.items });
        const node = sectionElement(change.id);
        drawSlot(node.querySelector(":scope > .section-header"), shell.header);
        drawSlot(node.querySelector(":scope > .section-footer"), shell.footer);
        this.flash(node);
      }
      for (const change of it.updated || []) {
        const { section, row } = itemAt(change.path, change.section, change.id);
        const item = checked(change.item, "item \"" + change.id + "\"");
        section.items[row] = item;
        const old = this.itemElements(sectionElement(section.id))[row];
        const fresh = drawItem(item);
        old.replaceWith(fresh);
        this.flash(fresh);
      }

      // 2. Item deletes and move sources, last path first.
      const itemOut = (it.deleted || []).map((c) => ({ c, path: c.path, move: false }))
        .concat((it.moved || []).map((c) => ({ c, path: c.from.path, move: true, section: c.from.section })));
      itemOut.sort((a, b) => Number(b.path[0]) - Number(a.path[0]) || Number(b.path[1]) - Number(a.path[1]));
      for (const entry of itemOut) {
        const { section, row } = itemAt(entry.path, entry.move ? entry.section : entry.c.section, entry.c.id);
        const [item] = section.items.splice(row, 1);
        const node = this.itemElements(sectionElement(section.id))[row];
        if (entry.move) {
          if (kept.items.has(item.id)) fail("two moves take out \"" + item.id + "\"");
          node.remove();
          kept.items.set(item.id, { item, node });
        } else {
          this.leave(node);
        }
      }

      // 3. Section deletes and move sources, last index first.
      const sectionOut = (s.deleted || []).map((c) => ({ c, index: c.index, move: false }))
        .concat((s.moved || []).map((c) => ({ c, index: c.from, move: true })));
      sectionOut.sort((a, b) => Number(b.index) - Number(a.index));
      for (const entry of sectionOut) {
        const index = Number(entry.index);
        const section = sectionAt(index, entry.c.id);
        sections.splice(index, 1);
        const node = sectionElement(section.id);
        if (entry.move) {
          node.remove();
          kept.sections.set(section.id, { section, node });
        } else {
          this.leave(node);
        }
      }

      // 4. Section inserts and move targets, first index first.
      const sectionIn = (s.inserted || []).map((c) => ({ c, index: c.index, move: false }))
        .concat((s.moved || []).map((c) => ({ c, index: c.to, move: true })));
      sectionIn.sort((a, b) => Number(a.index) - Number(b.index));
      for (const entry of sectionIn) {
        const index = Number(entry.index);
        if (!(index >= 0 && index <= sections.length)) fail("section insert at " + index + " is outside the feed");
        let section, node;
        if (entry.move) {
          const held = kept.sections.get(entry.c.id);
          if (!held) fail("section \"" + entry.c.id + "\" moves in but was not taken out");
          kept.sections.delete(entry.c.id);
          ({ section, node } = held);
        } else {
          const carried = entry.c.section;
          if (carried.id !== entry.c.id) fail("inserted section \"" + entry.c.id + "\" carries \"" + carried.id + "\"");
          for (const item of carried.items || []) checked(item, "item \"" + item.id + "\"");
          if (carried.digest !== undefined && carried.digest !== sectionDigest(carried)) fail("section \"" + carried.id + "\" does not match its digest");
          section = Object.assign({}, carried, { items: (carried.items || []).slice() });
          node = drawSection(section);
          this.enter(node);
        }
        const siblings = this.sectionElements();
        this.container.insertBefore(node, siblings[index] || null);
        sections.splice(index, 0, section);
      }

      // 5. Item inserts and move targets, first path first.
      const itemIn = (it.inserted || []).map((c) => ({ c, path: c.path, section: c.section, move: false }))
        .concat((it.moved || []).map((c) => ({ c, path: c.to.path, section: c.to.section, move: true })));
      itemIn.sort((a, b) => Number(a.path[0]) - Number(b.path[0]) || Number(a.path[1]) - Number(b.path[1]));
      for (const entry of itemIn) {
        const section = sectionAt(Number(entry.path[0]), entry.section);
        const row = Number(entry.path[1]);
        if (!(row >= 0 && row <= section.items.length)) fail("item insert at " + JSON.stringify(entry.path.map(Number)) + " is outside the feed");
        let item, node;
        if (entry.move) {
          const held = kept.items.get(entry.c.id);
          if (!held) fail("item \"" + entry.c.id + "\" moves in but was not taken out");
          kept.items.delete(entry.c.id);
          ({ item, node } = held);
        } else {
          item = checked(entry.c.item, "item \"" + entry.c.id + "\"");
          if (item.id !== entry.c.id) fail("inserted item \"" + entry.c.id + "\" carries \"" + item.id + "\"");
          node = drawItem(item);
          this.enter(node);
        }
        const list = sectionElement(section.id).querySelector(":scope > ol.items");
        list.insertBefore(node, this.itemElements(list.parentElement)[row] || null);
        section.items.splice(row, 0, item);
      }
      if (kept.items.size || kept.sections.size) fail("a move takes out an element it never puts back");
    }

    /// The DOM must say what the model says: the same sections and items, in the same order.
    checkDOM() {
      const model = this.document.sections.map((s) => s.id + ":" + s.items.map((i) => i.id).join(","));
      const shown = this.sectionElements().map((node) => node.dataset.id + ":" + this.itemElements(node).map((i) => i.dataset.id).join(","));
      if (model.join("|") !== shown.join("|")) throw new ChangesetError("the page's elements disagree with the rebuilt feed");
    }

    // MARK: Animations (short, and none when the reader asks for reduced motion)

    positions() {
      const map = new Map();
      for (const node of this.container.querySelectorAll(".item, section.feed-section")) {
        map.set(node.dataset.id + (node.matches("section") ? "#section" : ""), node.getBoundingClientRect());
      }
      return map;
    }

    flip(before) {
      if (!this.animate || reducedMotion()) return;
      for (const node of this.container.querySelectorAll(".item:not(.leaving), section.feed-section:not(.leaving)")) {
        const old = before.get(node.dataset.id + (node.matches("section") ? "#section" : ""));
        if (!old || !node.animate) continue;
        const now = node.getBoundingClientRect();
        const dy = old.top - now.top;
        if (Math.abs(dy) > 1) node.animate([{ transform: "translateY(" + dy + "px)" }, { transform: "none" }], { duration: 220, easing: "ease-out" });
      }
    }

    enter(node) {
      if (!this.animate || reducedMotion() || !node.animate) return;
      node.animate([{ opacity: 0, transform: "scale(0.96)" }, { opacity: 1, transform: "none" }], { duration: 220, easing: "ease-out" });
    }

    leave(node) {
      if (!this.animate || reducedMotion() || !node.animate) { node.remove(); return; }
      node.classList.add("leaving");
      node.setAttribute("aria-hidden", "true");
      node.animate([{ opacity: 1 }, { opacity: 0, transform: "scale(0.96)" }], { duration: 200, easing: "ease-in" })
        .finished.then(() => node.remove(), () => node.remove());
    }

    flash(node) {
      if (!this.animate || reducedMotion() || !node.animate) return;
      node.animate([{ backgroundColor: "#fff3c4" }, { backgroundColor: "transparent" }], { duration: 600 });
    }
  }

  window.AccountFeed = { RawNumber, parseJSON, canonical, sha256, itemDigest, sectionDigest, feedDigest, drawItem, drawSection, FeedView, ChangesetError };
})();
