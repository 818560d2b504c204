// The owners list (`/`): one link per owner to its live feed.
(function () {
  "use strict";
  const list = document.getElementById("owners");
  const error = document.getElementById("error");
  fetch("/api/owners")
    .then((response) => response.ok ? response.text() : Promise.reject(new Error("the server answered " + response.status)))
    .then((text) => {
      const owners = AccountFeed.parseJSON(text);
      if (owners.length === 0) {
        list.append(Object.assign(document.createElement("li"), { textContent: "No owners yet: run feedctl demo to add one." }));
      }
      for (const owner of owners) {
        const item = document.createElement("li");
        const link = document.createElement("a");
        link.href = "/owners/" + encodeURIComponent(owner.id);
        link.textContent = owner.id;
        if (owner.name) {
          const name = document.createElement("span");
          name.className = "owner-name";
          name.textContent = owner.name;
          link.append(name);
        }
        item.append(link);
        list.append(item);
      }
    })
    .catch((reason) => { error.textContent = "Could not list the owners: " + reason.message; error.hidden = false; });
})();
