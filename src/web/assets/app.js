/* pinochle's pages: the trick stepper of the hand viewer (buttons and
 * arrow keys).  Plain JavaScript, no framework; every page reads without
 * it (all tricks are shown, the charts are SVG drawn by the server). */
/* Fills el with parts: strings as text, {name: N} as N in a <bdi>, so
 * that a name holding a right-to-left override (U+202E) reverses nothing
 * around it ("Bob 120" stays 120, not 021). */
function pnFillNamed(el, parts) {
  "use strict";
  el.textContent = "";
  parts.forEach(function (p) {
    if (typeof p === "string") { el.appendChild(document.createTextNode(p)); return; }
    var b = document.createElement("bdi");
    b.textContent = p.name;
    el.appendChild(b);
  });
}

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
    var parts = Object.keys(counters).length ? ["counters: "] : [];
    Object.keys(counters).forEach(function (s, i) {
      parts.push(i ? ", " : "", { name: names[s] || s }, " " + counters[s]);
    });
    pnFillNamed(running, parts);
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

/* The table recorder (/record): starts or resumes a game through the JSON
 * API and sends one recorder line per action, in exactly the syntax of
 * `pinochle record`.  Writes carry the token in a header (the page has it
 * in a meta tag), never only the cookie. */
(function () {
  "use strict";
  var start = document.getElementById("rec-start");
  if (!start) return;
  var meta = document.querySelector('meta[name="pn-token"]');
  var token = meta ? meta.getAttribute("content") : "";
  var $ = function (id) { return document.getElementById(id); };
  var game = null, line = [], used = {}, sent = [], nplayers = 4, bid = 0;
  var GLYPH = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

  window.fetchesInFlight = 0; /* for tests: requests not yet answered */
  function api(method, path, body) {
    window.fetchesInFlight++;
    return fetch(path, {
      method: method,
      headers: { "Authorization": "Bearer " + token, "Content-Type": "application/json" },
      body: body ? JSON.stringify(body) : undefined,
      credentials: "same-origin"
    }).then(function (r) {
      return r.json().then(function (j) { return { status: r.status, json: j }; });
    }).finally(function () { window.fetchesInFlight--; });
  }
  function list(text) {
    return text.split(",").map(function (s) { return s.trim(); }).filter(function (s) { return s.length; });
  }
  /* The deck's cards as shown ("10\u2660"), from the server's state: the
   * rules library's alphabet (7s and 8s in two-hand-64), no copy here. */
  var labels = {};
  function isCard(word) { return Object.prototype.hasOwnProperty.call(labels, word.toUpperCase()); }
  /* The words of a line, a run of cards typed together ("ASKS") split */
  function wordsOf(text) {
    var out = [];
    text.trim().split(/\s+/).forEach(function (w) {
      var run = w.length > 2 && w.length % 2 === 0 ? w.match(/../g) : null;
      if (!isCard(w) && run && run.every(isCard)) out.push.apply(out, run); else out.push(w);
    });
    return out;
  }
  function isPlay(text) {
    var words = wordsOf(text);
    if (/^(meld|give|discard|call|deal)$/i.test(words[0]) || /^(meld|give|discard|call|deal)$/i.test(words[1] || "")) return false;
    if (words.length > 1 && !isCard(words[0])) words = words.slice(1); /* a seat or a name first */
    return words.length > 0 && words.every(isCard);
  }
  function cardsOf(text) { return wordsOf(text).filter(isCard).map(function (w) { return w.toUpperCase(); }); }
  function label(card) { return labels[card] || card; }

  function render(res) {
    var s = res.json;
    $("rec-error").textContent = res.status >= 400 ? (s.error || "refused") : "";
    if (!s.game) return;
    game = s.game;
    nplayers = (s.players || []).length || nplayers;
    $("rec-table").hidden = false;
    start.hidden = true; /* the table needs the room: /record again for another game */
    $("rec-resume").hidden = true;
    var title = [{ name: s.game }, " (" + s.variant + "): "];
    (s.players || []).forEach(function (p, i) { title.push(i ? ", " : "", { name: p }); });
    pnFillNamed($("rec-title"), title);
    $("rec-state").textContent = (s.said ? s.said : "") + (s.status || "");
    $("rec-pending").hidden = !s.pending;
    $("rec-finding").textContent = s.pending ? s.finding : "";
    if (s.result === "stored") { used = {}; sent = []; }
    labels = s.labels || labels;
    drawCards(s.deck || []);
    drawScore(s.sheet);
  }
  function drawCards(deck) {
    var box = $("rec-cards"), counts = {}, order = [];
    deck.forEach(function (c) { if (!counts[c]) order.push(c); counts[c] = (counts[c] || 0) + 1; });
    line.forEach(function (c) { counts[c] = (counts[c] || 0) - 1; });
    box.textContent = "";
    order.forEach(function (c) {
      var left = counts[c] - (used[c] || 0);
      var b = document.createElement("button");
      b.type = "button";
      b.className = "card-button" + (c[1] === "H" || c[1] === "D" ? " red" : "");
      b.setAttribute("data-card", c);
      b.textContent = label(c) + (left > 1 ? " \u00d7" + left : "");
      b.disabled = left <= 0;
      b.addEventListener("click", function () { tap(c); });
      box.appendChild(b);
    });
    $("rec-line").textContent = line.join(" ");
  }
  function drawScore(sheet) {
    var box = $("rec-score");
    box.textContent = "";
    if (!sheet || !sheet.sides || !sheet.hands || !sheet.hands.length) return;
    var last = sheet.hands[sheet.hands.length - 1], t = document.createElement("table");
    sheet.sides.forEach(function (side, i) {
      var tr = t.insertRow();
      pnFillNamed(tr.insertCell(), [{ name: side.name }]);
      var td = tr.insertCell();
      td.className = "n";
      td.textContent = last["total_" + (i + 1)];
    });
    box.appendChild(t);
  }
  var lastState = null;
  function send(text, confirm) {
    if (!game) return;
    var body = confirm === undefined ? { line: text } : { confirm: confirm };
    api("POST", "/api/games/" + encodeURIComponent(game) + "/lines", body).then(function (res) {
      var ok = res.status < 400 && res.json.result !== "refused";
      if (ok && text !== undefined) {
        if (/^\s*undo\s*$/i.test(text)) {
          var back = sent.pop();
          if (back) cardsOf(back).forEach(function (c) { used[c] = (used[c] || 1) - 1; });
        } else if (isPlay(text)) {
          cardsOf(text).forEach(function (c) { used[c] = (used[c] || 0) + 1; });
          sent.push(text);
        } else sent.push("");
      }
      line = [];
      lastState = res.json;
      render(res);
    });
  }
  function tap(card) {
    line.push(card);
    if (lastState) drawCards(lastState.deck || []);
    if (line.length === nplayers) send(line.join(" "));
  }
  function field(form, name) { var f = form.elements[name]; return f ? f.value.trim() : ""; }

  /* /record?variant=&players=&game=&tags=[&start=1] fills the new game
   * (start=1 starts it: a club night's one tap); ?resume=KEY resumes. */
  var params = new URLSearchParams(location.search);
  function prefill(form, names) {
    names.forEach(function (n) { if (params.has(n) && form.elements[n]) form.elements[n].value = params.get(n); });
  }
  setTimeout(function () {
    if (params.has("resume")) {
      $("rec-resume").elements.game.value = params.get("resume");
      $("rec-resume").requestSubmit();
    } else if (params.has("players")) {
      prefill(start, ["variant", "players", "game", "tags"]);
      if (params.get("start") === "1") start.requestSubmit();
    }
  }, 0);

  start.addEventListener("submit", function (e) {
    e.preventDefault();
    var body = { variant: field(start, "variant"), players: list(field(start, "players")),
                 options: list(field(start, "options")), tags: list(field(start, "tags")) };
    if (field(start, "game")) body.game = field(start, "game");
    api("POST", "/api/games", body).then(function (res) { used = {}; sent = []; line = []; lastState = res.json; render(res); });
  });
  $("rec-resume").addEventListener("submit", function (e) {
    e.preventDefault();
    api("POST", "/api/games/" + encodeURIComponent(field(e.target, "game")) + "/resume", {}).then(function (res) {
      used = {}; sent = []; line = []; lastState = res.json; render(res);
    });
  });
  $("rec-send").addEventListener("click", function () { if (line.length) send(line.join(" ")); });
  $("rec-clear").addEventListener("click", function () { line = []; if (lastState) drawCards(lastState.deck || []); });
  $("rec-undo").addEventListener("click", function () { send("undo"); });
  $("rec-yes").addEventListener("click", function () { send(undefined, true); });
  $("rec-no").addEventListener("click", function () { send(undefined, false); });
  $("rec-free-send").addEventListener("click", function () {
    var t = $("rec-free").value.trim();
    if (t) { send(t); $("rec-free").value = ""; }
  });
  $("rec-free").addEventListener("keydown", function (e) {
    if (e.key === "Enter") { e.preventDefault(); $("rec-free-send").click(); }
  });
  var bids = $("rec-bids");
  function bidButton(text, lineText) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.addEventListener("click", function () { send(typeof lineText === "function" ? lineText() : lineText); });
    bids.appendChild(b);
    return b;
  }
  bidButton("pass", "pass");
  var amount = document.createElement("input");
  amount.type = "number"; amount.step = "10"; amount.min = "0"; amount.value = "250"; amount.id = "rec-bid-value";
  amount.style.width = "6rem";
  bids.appendChild(amount);
  bidButton("bid", function () { bid = Number(amount.value); amount.value = String(bid + 10); return "bid " + bid; });
  ["S", "H", "D", "C"].forEach(function (suit) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = suit === "H" || suit === "D" ? "red" : "";
    b.setAttribute("data-trump", suit);
    b.textContent = GLYPH[suit];
    b.addEventListener("click", function () { send("trump " + suit); });
    $("rec-trump").appendChild(b);
  });
})();

/* The live part of a page (a club night's tables and standings: an
 * element with data-poll="SECONDS") reloaded from the server every few
 * seconds, without reloading the page: the page is fetched again and the
 * element's content swapped for the new one's. */
(function () {
  "use strict";
  var live = document.querySelector("[data-poll]");
  if (!live) return;
  var seconds = Math.max(2, Number(live.getAttribute("data-poll")) || 5);
  window.pollsDone = 0; /* for tests: reloads swapped in */
  setInterval(function () {
    fetch(location.href, { credentials: "same-origin" }).then(function (r) {
      return r.ok ? r.text() : null;
    }).then(function (text) {
      if (!text) return;
      var fresh = new DOMParser().parseFromString(text, "text/html").querySelector("[data-poll]");
      if (fresh) { live.innerHTML = fresh.innerHTML; window.pollsDone++; }
    }).catch(function () { /* the next tick tries again */ });
  }, seconds * 1000);
})();

/* A date chart wider than a phone scrolls in its box: start at its right
 * end, the latest dates (reports/chart_time.c). */
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll("figure.timechart .plot"), function (f) {
    f.scrollLeft = f.scrollWidth;
  });
})();
