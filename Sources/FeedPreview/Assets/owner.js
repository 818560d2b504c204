// One owner's page (`/owners/<id>`): the live feed, kept current by applying each changeset the
// server streams, and the history with a visual diff between two snapshots.
(function () {
  "use strict";
  const owner = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
  const query = "?owner=" + encodeURIComponent(owner);
  const $ = (id) => document.getElementById(id);
  const view = window.previewView = new AccountFeed.FeedView($("feed"));
  const banner = $("banner"), status = $("live-status");
  // What the page did, for people (the status line) and for the browser tests.
  const state = window.previewState = { applied: 0, fetched: 0, mismatches: 0, connected: false };
  let events = null;

  document.title = "AccountFeed preview — " + owner;
  $("title").textContent = "Feed of " + owner;

  // A refusal carries {"error": {"code", "message"}}; the page shows its one-line message.
  const fetchText = (url) => fetch(url).then((response) => response.ok
    ? response.text()
    : response.text().then((body) => {
      let message = "the server answered " + response.status;
      try { message = JSON.parse(body).error.message || message; } catch (ignored) { /* not JSON */ }
      return Promise.reject(new Error(message));
    }));

  function say(text) { status.textContent = text; }
  function warn(text) { banner.textContent = text; banner.hidden = false; }

  function describe() {
    say((state.connected ? "Live" : "Not connected") + " · " + state.applied + " changes applied · digest " + (view.digest || "").slice(0, 12));
  }

  /// Fetches the whole document and subscribes to the changes after it.
  function load() {
    if (events) { events.close(); events = null; }
    return fetchText("/api/feed" + query).then((text) => {
      view.render(text);
      state.fetched += 1;
      subscribe();
      describe();
      return loadHistory();
    }).catch((reason) => warn("Could not load the feed: " + reason.message));
  }

  function subscribe() {
    events = new EventSource("/api/events" + query + "&since=" + encodeURIComponent(view.digest));
    events.onopen = () => { state.connected = true; describe(); };
    events.addEventListener("changeset", (event) => {
      try {
        view.apply(event.data);
        state.applied += 1;
        describe();
        loadHistory();
      } catch (error) {
        state.mismatches += 1;
        warn("A change did not apply (" + error.message + "), so the page fetched the whole feed again.");
        load();
      }
    });
    events.addEventListener("reload", (event) => {
      warn("The server could not send the changes since this page's version (" + event.data + "), so the page fetched the whole feed again.");
      load();
    });
    events.onerror = () => {
      // The stream names the digest it started from, so a reconnect starts from the current one.
      state.connected = false;
      describe();
      events.close();
      events = null;
      setTimeout(() => { if (!events) subscribe(); }, 1000);
    };
  }

  $("reload").addEventListener("click", () => { banner.hidden = true; load(); });

  // MARK: History

  const picked = { from: null, to: null };
  let shownHistory = null;

  function loadHistory() {
    return fetchText("/api/history" + query).then((text) => {
      if (text === shownHistory) return;
      shownHistory = text;
      const entries = AccountFeed.parseJSON(text);
      const timeline = $("timeline");
      // A redrawn timeline keeps the keyboard where it was.
      const focused = timeline.contains(document.activeElement) ? document.activeElement : null;
      timeline.replaceChildren();
      for (const entry of entries.slice().reverse()) {
        const sequence = String(entry.sequence);
        const row = document.createElement("li");
        for (const end of ["from", "to"]) {
          const label = document.createElement("label");
          const input = document.createElement("input");
          input.type = "radio";
          input.name = end;
          input.value = sequence;
          input.checked = picked[end] === sequence;
          input.setAttribute("aria-label", "Compare " + end + " snapshot " + sequence);
          input.addEventListener("change", () => { picked[end] = sequence; $("compare").disabled = !(picked.from && picked.to); });
          label.append(input, end);
          row.append(label);
        }
        const title = document.createElement("span");
        title.className = "snap-title";
        title.textContent = "#" + sequence + (entry.label ? " " + entry.label : "");
        const meta = document.createElement("span");
        meta.className = "snap-meta";
        const s = entry.summary;
        meta.textContent = entry.reason + " · " + entry.taken_at + " · +" + s.add + " ~" + s.change + " -" + s.remove + " ↕" + s.move;
        row.append(title, meta);
        timeline.append(row);
      }
      if (focused) {
        const again = timeline.querySelector("input[name=\"" + focused.name + "\"][value=\"" + focused.value + "\"]");
        if (again) again.focus();
      }
    }).catch((reason) => warn("Could not load the history: " + reason.message));
  }

  function mark(container, ids, className) {
    for (const id of ids) {
      const node = container.querySelector("[data-id=\"" + CSS.escape(id) + "\"]");
      if (node) node.classList.add(className);
    }
  }

  $("compare").addEventListener("click", () => {
    fetchText("/api/diff" + query + "&from=" + encodeURIComponent(picked.from) + "&to=" + encodeURIComponent(picked.to)).then((text) => {
      const diff = AccountFeed.parseJSON(text);
      const from = new AccountFeed.FeedView($("diff-from"), { animate: false });
      const to = new AccountFeed.FeedView($("diff-to"), { animate: false });
      from.render(diff.from);
      to.render(diff.to);
      const ids = { added: [], removed: [], changed: [], moved: [] };
      for (const stage of diff.changeset.stages || []) {
        const s = stage.sections || {}, it = stage.items || {};
        ids.added.push(...(s.inserted || []).map((c) => c.id), ...(it.inserted || []).map((c) => c.id));
        ids.removed.push(...(s.deleted || []).map((c) => c.id), ...(it.deleted || []).map((c) => c.id));
        ids.changed.push(...(s.updated || []).map((c) => c.id), ...(it.updated || []).map((c) => c.id));
        ids.moved.push(...(s.moved || []).map((c) => c.id), ...(it.moved || []).map((c) => c.id));
      }
      mark($("diff-from"), ids.removed, "mark-removed");
      mark($("diff-to"), ids.added, "mark-added");
      mark($("diff-to"), ids.changed, "mark-changed");
      mark($("diff-to"), ids.moved, "mark-moved");
      $("plan").textContent = diff.plan;
      $("diff").hidden = false;
      $("diff-title").scrollIntoView({ block: "nearest" });
    }).catch((reason) => warn("Could not compare the snapshots: " + reason.message));
  });

  load();
})();
