// Prophecy's table page (view.html). Its forms carry free text, which a
// form cannot post as the action's JSON by itself: before a form.pp-form is
// submitted (htmx or not), this writes its fields into the hidden "action"
// input as JSON. A field names its action field in data-field and its type
// in data-type: "int", "list" (split at ";"), "item" (element data-index of
// an array), "dotted" ("2.3" into two fields named "a,b"), "json", or text.
// It also keeps each scene's countdown (the timer option) and clears a
// form once the server accepted it (its fields survive live updates with
// hx-preserve, so that nobody loses what they were typing).
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

  // Capture: this runs before htmx reads the form.
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!form.classList || !form.classList.contains("pp-form")) { return; }
    form.querySelector("input[name=action]").value = body(form);
  }, true);
  document.addEventListener("htmx:configRequest", function (ev) {
    var form = ev.detail.elt;
    if (form && form.classList && form.classList.contains("pp-form")) {
      ev.detail.parameters.set ? ev.detail.parameters.set("action", body(form)) : (ev.detail.parameters.action = body(form));
    }
  });
  document.addEventListener("htmx:afterRequest", function (ev) {
    var form = ev.detail.elt;
    if (ev.detail.successful && form && form.classList && form.classList.contains("pp-form")) {
      form.querySelectorAll("input[data-field]:not([type=hidden]):not([type=number]), textarea[data-field]").forEach(function (el) { el.value = ""; });
    }
  });

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
