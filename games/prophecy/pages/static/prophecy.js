// Prophecy's table page (view.html). Its forms carry free text, which a
// form cannot post as the action's JSON by itself: this posts each
// form.pp-form with its fields written as the action's JSON. A field names its action field in data-field and its type
// in data-type: "int", "list" (split at ";"), "item" (element data-index of
// an array), "dotted" ("2.3" into two fields named "a,b"), "json", or text.
// It also keeps each scene's countdown (the timer option) and clears a
// form once the server accepted it (its fields survive live updates with
// hx-preserve, so that nobody loses what they were typing).
// The page's Content-Security-Policy allows scripts from the server only:
// no inline script, no eval.
(function () {
  "use strict";
  if (window.prophecyForms) { return; } // view.html includes it on every update
  window.prophecyForms = true;

  function body(form) {
    var out = {};
    form.querySelectorAll("[data-field]").forEach(function (el) {
      var name = el.dataset.field, v = el.value, type = el.dataset.type || "text";
      switch (type) {
        case "int":
          out[name] = parseInt(v, 10) || 0;
          break;
        case "list":
          out[name] = v.split(";").map(function (s) { return s.trim(); }).filter(function (s) { return s !== ""; });
          break;
        case "item":
          out[name] = out[name] || [];
          out[name][parseInt(el.dataset.index, 10)] = v;
          break;
        case "dotted":
          var names = name.split(","), parts = v.split(".");
          out[names[0]] = parseInt(parts[0], 10) || 0;
          out[names[1]] = parseInt(parts[1], 10) || 0;
          break;
        case "json":
          try { out[name] = JSON.parse(v); } catch (e) { out[name] = v; }
          break;
        default:
          out[name] = v;
      }
    });
    return JSON.stringify(out);
  }

  // A form.pp-form is posted here rather than by htmx: a live update may
  // replace the form (its typed fields survive, moved by hx-preserve) before
  // the answer comes, and the answer to a form no longer in the page would
  // reach nobody. The fields it typed in are found again by id and cleared
  // once the server took the action; a refusal shows in #flash as htmx
  // would show it, and what was typed stays.
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!form.classList || !form.classList.contains("pp-form")) { return; }
    ev.preventDefault();
    ev.stopImmediatePropagation(); // before htmx, which listens on the form
    var data = new URLSearchParams();
    data.set("kind", form.querySelector("input[name=kind]").value);
    data.set("action", body(form));
    // Where the log was when the form was drawn: the server refuses the
    // same form sent again after this seat acted (one click, one action).
    var seq = form.querySelector("input[name=seq]");
    if (seq) { data.set("seq", seq.value); }
    var typed = [];
    form.querySelectorAll("input[data-field][id]:not([type=hidden]):not([type=number]), textarea[data-field][id]").forEach(function (el) {
      typed.push(el.id);
    });
    var buttons = form.querySelectorAll("button");
    buttons.forEach(function (b) { b.disabled = true; });
    // form.action would be the input named "action", not the URL.
    fetch(form.getAttribute("action"), { method: "POST", body: data, headers: { "HX-Request": "true" }, credentials: "same-origin" })
      .then(function (r) {
        return r.text().then(function (text) {
          var flash = document.getElementById("flash");
          if (flash) { flash.innerHTML = r.ok ? "" : text; }
          if (r.ok) {
            typed.forEach(function (id) {
              var el = document.getElementById(id);
              if (el) { el.value = ""; }
            });
          }
        });
      })
      .catch(function () {
        var flash = document.getElementById("flash");
        if (flash) { flash.textContent = "The table could not be reached: try again."; }
      })
      .finally(function () { buttons.forEach(function (b) { b.disabled = false; }); });
  }, true);

  // The scene timer counts down from when this page first saw the scene.
  setInterval(function () {
    document.querySelectorAll(".pp-timer").forEach(function (el) {
      var key = "prophecy-timer-" + location.pathname + "-" + el.dataset.scene;
      var start = parseInt(sessionStorage.getItem(key), 10);
      if (!start) { start = Date.now(); sessionStorage.setItem(key, String(start)); }
      var left = Math.max(0, parseInt(el.dataset.minutes, 10) * 60 - Math.floor((Date.now() - start) / 1000));
      el.textContent = left > 0 ? "Timer: " + Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0") + " left" : "Time is up: wrap the scene up.";
    });
  }, 1000);
})();
