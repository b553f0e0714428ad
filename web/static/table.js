// tabletop's table page: "your turn" in the title (and a sound if the
// player turned it on), the newest log entry kept in view, and a banner
// while the live connection is lost. The browser reconnects by itself
// (EventSource, with the SSE extension's retries); the banner goes when it
// is back. Nothing here is needed to play: the page works without it.
(function () {
  "use strict";
  var base = document.title;
  var soundKey = "tabletop.sound";
  var wasMyTurn = false;

  function soundOn() {
    try { return localStorage.getItem(soundKey) === "on"; } catch (e) { return false; }
  }

  function beep() {
    try {
      var Ctx = window.AudioContext || window.webkitAudioContext;
      var ctx = new Ctx();
      var osc = ctx.createOscillator();
      var gain = ctx.createGain();
      osc.frequency.value = 660;
      gain.gain.value = 0.05;
      osc.connect(gain);
      gain.connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.15);
    } catch (e) { /* no sound, no harm */ }
  }

  function turn() {
    var s = document.querySelector("#state .status");
    var mine = !!s && s.dataset.myturn === "true";
    document.title = (mine ? "Your turn · " : "") + base;
    if (mine && !wasMyTurn && soundOn()) { beep(); }
    wasMyTurn = mine;
  }

  // newest keeps the last log entry in view, unless the reader has
  // scrolled up to read older ones.
  var follow = true;
  function newest() {
    var log = document.getElementById("log");
    if (log && follow) { log.scrollTop = log.scrollHeight; }
  }
  document.addEventListener("scroll", function (e) {
    var log = e.target;
    if (log && log.id === "log") {
      follow = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
    }
  }, true);

  function banner(lost) {
    var b = document.getElementById("offline");
    if (b) { b.hidden = !lost; }
  }

  // clock counts down an open answer window (an MGT claim window): the
  // seconds left and a shrinking bar, from the milliseconds the state
  // says were left when it was made.
  var ticking = null;
  function clock() {
    if (ticking) { clearInterval(ticking); ticking = null; }
    var c = document.querySelector("#state .window-clock");
    if (!c) { return; }
    var end = Date.now() + Number(c.dataset.ms);
    var total = Number(c.dataset.ms);
    var left = c.querySelector(".left");
    var bar = c.querySelector(".bar");
    function tick() {
      var ms = Math.max(0, end - Date.now());
      if (left) { left.textContent = (ms / 1000).toFixed(1); }
      if (bar) { bar.style.width = (100 * ms / total) + "%"; }
      if (ms === 0 && ticking) { clearInterval(ticking); ticking = null; }
    }
    tick();
    ticking = setInterval(tick, 100);
  }

  document.addEventListener("htmx:sseMessage", function () { turn(); newest(); clock(); });
  document.addEventListener("htmx:sseError", function () { banner(true); });
  document.addEventListener("htmx:sseOpen", function () { banner(false); });
  window.addEventListener("offline", function () { banner(true); });

  function start() {
    var box = document.getElementById("sound");
    if (box) {
      box.checked = soundOn();
      box.addEventListener("change", function () {
        try { localStorage.setItem(soundKey, box.checked ? "on" : "off"); } catch (e) { /* private mode */ }
      });
    }
    turn();
    newest();
    clock();
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
