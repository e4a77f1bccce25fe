/* pinochle's pages: the trick stepper of the hand viewer (buttons and
 * arrow keys).  Plain JavaScript, no framework; every page reads without
 * it (all tricks are shown, the charts are SVG drawn by the server). */
(function () {
  "use strict";
  var list = document.querySelector("ol.tricks");
  if (!list) return;
  var tricks = Array.prototype.slice.call(list.querySelectorAll("li.trick"));
  var stepper = document.querySelector(".stepper");
  var at = stepper.querySelector(".at"), running = stepper.querySelector(".running");
  var diagram = document.getElementById("inplay");
  var names = {};
  Array.prototype.forEach.call(document.querySelectorAll("#dealt g.seat"), function (g) {
    names[g.getAttribute("data-seat")] = g.querySelector("text.name").textContent.replace(/^\d+ /, "");
  });
  var step = 0, all = false; /* 0: before the first lead; k: trick k shown */
  stepper.hidden = false;

  function cardsOf(seat) {
    return diagram ? Array.prototype.slice.call(diagram.querySelectorAll('g.card[data-seat="' + seat + '"]')) : [];
  }
  function show() {
    var counters = {};
    if (diagram)
      Array.prototype.forEach.call(diagram.querySelectorAll("g.card"), function (c) {
        c.classList.remove("played", "current", "renege", "evidence");
      });
    tricks.forEach(function (li, i) {
      var n = i + 1;
      li.hidden = !all && n !== step;
      if (n > step) return;
      var w = li.getAttribute("data-winner");
      counters[w] = (counters[w] || 0) + Number(li.getAttribute("data-counters"));
      li.getAttribute("data-plays").split(" ").forEach(function (play) {
        var seat = play.split(":")[0], card = play.split(":")[1];
        var mine = cardsOf(seat).filter(function (c) {
          return c.getAttribute("data-card") === card && !c.classList.contains("played") && !c.classList.contains("current");
        });
        if (mine.length) mine[0].classList.add(n === step ? "current" : "played");
      });
      if (n !== step) return;
      Array.prototype.forEach.call(li.querySelectorAll("div.finding"), function (f) {
        var seat = f.getAttribute("data-seat");
        var played = cardsOf(seat).filter(function (c) {
          return c.classList.contains("current") && c.getAttribute("data-card") === f.getAttribute("data-card");
        });
        if (played.length) played[0].classList.add("renege");
        (f.getAttribute("data-evidence") || "").split(" ").forEach(function (card) {
          cardsOf(seat).forEach(function (c) {
            if (card && c.getAttribute("data-card") === card && !c.classList.contains("played") && !c.classList.contains("current"))
              c.classList.add("evidence");
          });
        });
      });
    });
    at.textContent = all ? "all tricks" : step === 0 ? "before the first lead" : "trick " + step + " of " + tricks.length;
    running.textContent = Object.keys(counters).length
      ? "counters: " + Object.keys(counters).map(function (s) { return (names[s] || s) + " " + counters[s]; }).join(", ")
      : "";
    stepper.querySelector('[data-step="-1"]').disabled = !all && step === 0;
    stepper.querySelector('[data-step="1"]').disabled = !all && step === tricks.length;
  }
  function move(d) {
    if (all) { all = false; step = d > 0 ? 1 : tricks.length; }
    else step = Math.max(0, Math.min(tricks.length, step + d));
    show();
  }
  stepper.addEventListener("click", function (e) {
    var b = e.target.closest("button");
    if (!b) return;
    var s = b.getAttribute("data-step");
    if (s === "all") { all = true; step = tricks.length; show(); }
    else move(Number(s));
  });
  document.addEventListener("keydown", function (e) {
    if (e.target.closest && e.target.closest("input, select, textarea")) return;
    if (e.key === "ArrowRight") { move(1); e.preventDefault(); }
    else if (e.key === "ArrowLeft") { move(-1); e.preventDefault(); }
  });
  show();
})();
