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
 * `pinochle record`, every one a tap: the dealer, the bids (the next few
 * good values), trump, the cards (picked, then the seat that melds, passes
 * or discards them; a trick's cards one tap each, sent as they are
 * played), the scores, and any line of the hand corrected by tapping it.
 * What the page shows (whose turn, the cards left, the lines) is the
 * server's state ("view"), never counted here.  Writes carry the token in
 * a header (the page has it in a meta tag), never only the cookie. */
(function () {
  "use strict";
  var start = document.getElementById("rec-start");
  if (!start) return;
  var meta = document.querySelector('meta[name="pn-token"]');
  var token = meta ? meta.getAttribute("content") : "";
  var $ = function (id) { return document.getElementById(id); };
  var game = null, state = null, confirmed = false, picked = [], claim = null, rules = null, fix = null, pickMode = false;
  var filled = {}; /* the hand's lines (by number) the page filled in: cards the server proved */
  var meldEdit = null; /* the line a meld row's tap replaced, {n, before}: Undo puts it back */
  var bidLines = 0;    /* lines a later player's bid sent (passes and the bid): Undo takes all back */
  var GLYPH = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  var SUIT = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };

  window.fetchesInFlight = 0; /* for tests: requests not yet answered */
  window.pnTaps = 0;          /* for tests: taps on the recorder's buttons */
  window.pnView = function () { return state && state.view; }; /* for tests: the server's view */
  window.pnPicking = function () { return !!(state && picking(state.view)); }; /* for tests: cards tapped are picked */
  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("#rec-table button")) window.pnTaps++;
  }, true);
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
  var labels = {};
  function label(card) { return labels[card] || card; }
  function name(seat) { return state && state.players ? state.players[seat - 1] || "seat " + seat : "seat " + seat; }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function button(box, text, onTap, cls) {
    var b = el("button", cls || "", text);
    b.type = "button";
    b.addEventListener("click", onTap);
    box.appendChild(b);
    return b;
  }
  function named(box, parts) { var p = el("p"); pnFillNamed(p, parts); box.appendChild(p); return p; }
  function show(id, on) { $(id).hidden = !on; }

  /* ------------------------------------------------------------ the panels */
  function render(res) {
    var s = res.json;
    $("rec-error").textContent = res.status >= 400 ? (s.error || "refused") : "";
    if (!s.game) return;
    game = s.game;
    state = s;
    $("rec-table").hidden = false;
    start.hidden = true;
    $("rec-resume").hidden = true;
    var title = [{ name: s.game }, " (" + s.variant + "): "];
    (s.players || []).forEach(function (p, i) { title.push(i ? ", " : "", { name: p }); });
    pnFillNamed($("rec-title"), title);
    labels = s.labels || labels;
    drawSaid(s);
    show("rec-pending", !!s.pending);
    /* the finding is in the said panel above: the box asks the question */
    $("rec-finding").textContent = s.pending ? "Record it as played? (your next tap does)" : "";
    drawAll();
  }
  /* What the recorder said about the last line, one paragraph a line. */
  function drawSaid(s) {
    var box = $("rec-said");
    box.textContent = "";
    (s.said || "").split("\n").forEach(function (l) {
      if (!l) return;
      var p = el("p", /^error|^renege|^finding/.test(l) ? "warn" : "", l.replace(/^error: /, ""));
      box.appendChild(p);
    });
  }
  function drawAll() {
    var v = state.view;
    drawTurn(v);
    drawDealer(v);
    drawBids(v);
    drawTrump(v);
    drawCards(v);
    drawPicked(v);
    drawScoreConfirm(v);
    drawLines(v);
    drawScore(state.sheet);
  }
  function drawTurn(v) {
    var box = $("rec-turn");
    box.textContent = "";
    if (!v) { named(box, [state.status || ""]); return; }
    var parts = v.stage === "done" ? ["Hand " + v.hand + " stored"] : ["Hand " + v.hand + " \u00b7 ", { name: name(v.dealer) }, " deals"];
    if (v.high_bidder) parts.push(" \u00b7 ", { name: name(v.high_bidder) }, " bid " + v.high_bid);
    if (v.trump) parts.push(", trump " + GLYPH[v.trump]);
    named(box, parts);
    var now = el("p", "now");
    var who = v.seat ? [{ name: name(v.seat) }] : [];
    if (v.stage === "dealer") pnFillNamed(now, ["Tap the dealer if not ", { name: name(v.dealer) }, "; then "].concat(who, [" bids first"]));
    else if (v.stage === "bid") pnFillNamed(now, who.concat([" to bid or pass (lowest good bid " + v.min_bid + ")"]));
    else if (v.stage === "trump") pnFillNamed(now, who.concat([" names trump"]));
    else if (v.stage === "play" && v.seat) {
      var p = ["Trick " + (v.tricks_done + 1) + ": "];
      var first = v.lines.length - v.trick.length + 1;
      v.trick.forEach(function (t, i) {
        p.push(i ? ", " : "", { name: name(t.seat) }, " " + label(t.card) + (filled[first + i] ? " (filled in)" : ""));
      });
      if (v.trick.length) p.push(" \u2014 ");
      if (v.tricks_done === 0 && !v.trick.length) p = ["The meld and passes, then "];
      pnFillNamed(now, p.concat(who, [v.trick.length ? " to play" : " leads"]));
    } else if (v.stage === "play") pnFillNamed(now, [missing(v) || "All tricks in"]);
    else if (v.stage === "done")
      pnFillNamed(now, [confirmed ? "Scores confirmed. " : "The scores go as shown with your next tap. ", "Hand " + (v.hand + 1) + ": ",
                        { name: name(v.dealer) }, " deals (tap the dealer if not), then the first bid"]);
    else if (v.stage === "over") pnFillNamed(now, ["The game is over"]);
    else pnFillNamed(now, [state.status || ""]);
    box.appendChild(now);
    var more = missing(v);
    if (more && v.stage === "play" && v.seat) box.appendChild(el("p", "", "Still to come: " + more));
  }
  /* The passes and discard the recorder still needs, in words. */
  function missing(v) {
    var out = [];
    if (v.gives_done < v.gives.length) out.push(name(v.gives[v.gives_done]) + " passes cards");
    if (v.discard && !v.discard_done) out.push(name(v.high_bidder) + " discards " + v.discard);
    return out.join("; ");
  }
  function drawDealer(v) {
    var box = $("rec-dealer");
    box.textContent = "";
    var on = v && (v.stage === "dealer" || v.stage === "done");
    show("rec-dealer-box", on);
    if (!on) return;
    (state.players || []).forEach(function (p, i) {
      var b = button(box, p, function () { send("dealer " + (i + 1)); }, v.dealer === i + 1 ? "on" : "");
      b.setAttribute("data-seat", String(i + 1));
    });
  }
  /* A row of bids for the seat on turn (with pass), then one for each
   * seat the bidding reaches if those before it pass (view.bidders): a
   * tap there sends those passes and the bid, each a line of its own. */
  function drawBids(v) {
    var box = $("rec-bids");
    box.textContent = "";
    var on = v && (v.stage === "dealer" || v.stage === "bid" || v.stage === "done" || (fix && fix.how));
    show("rec-bid-box", on);
    if (!on) return;
    var later = fix && fix.how ? [] : (v.bidders || []).slice(1);
    var first = later.length ? bidRow(box, v.seat) : box;
    button(first, "pass", function () { send("pass"); }).setAttribute("data-bid", "pass");
    /* a line corrected may be any bid from the lowest; otherwise the next good ones */
    var from = fix && fix.how ? v.lowest_bid : v.stage === "bid" ? v.min_bid : v.lowest_bid;
    for (var k = 0; k < 6; k++) {
      var value = from + k * v.bid_step;
      button(first, String(value), (function (n) { return function () { send("bid " + n); }; })(value))
        .setAttribute("data-bid", String(value));
    }
    if (later.length) box.appendChild(el("p", "hint", "Or a later player's bid (those before it pass):"));
    later.forEach(function (b, i) {
      var row = bidRow(box, b.seat);
      for (var k = 0; k < 4; k++) {
        var value = b.min_bid + k * v.bid_step;
        button(row, String(value), (function (n) { return function () { bidAfterPasses(i + 1, b.seat, n); }; })(value))
          .setAttribute("data-bid", String(value));
      }
    });
  }
  function bidRow(box, seat) {
    var row = el("div", "rec-buttons bid-row");
    row.setAttribute("data-seat", String(seat));
    pnFillNamed(row.appendChild(el("span", "who")), [{ name: name(seat) }, ":"]);
    box.appendChild(row);
    return row;
  }
  /* A later seat's bid: the `passes` seats before it pass, then it bids;
   * stopped at the first line refused (its reason shown). */
  function bidAfterPasses(passes, seat, value) {
    var sent = 0;
    function step(res) {
      if (res && res.status >= 400) return;
      if (sent < passes) { sent++; return sendNow("pass").then(step); }
      return sendNow("bid " + value).then(function (done) {
        if (done.status >= 400) return;
        bidLines = passes + 1;
        var p = el("p", "", passes + " pass" + (passes === 1 ? "" : "es") + " sent before " + name(seat) + "'s bid (Undo takes back one line)");
        $("rec-said").insertBefore(p, $("rec-said").firstChild);
      });
    }
    flushScores().then(function () { step(null); });
  }
  /* Trump, also while the bidding goes on: a tap there ends it, the
   * players still in passing (each pass a line, said), then names trump. */
  function drawTrump(v) {
    var box = $("rec-trump");
    box.textContent = "";
    var bidding = v && (v.stage === "bid" || v.stage === "dealer" || v.stage === "done") && !(fix && fix.how);
    show("rec-trump-box", v && (v.stage === "trump" || bidding));
    if (bidding) box.appendChild(el("span", "", "the bidding over (the others pass):"));
    ["S", "H", "D", "C"].forEach(function (suit) {
      var b = button(box, GLYPH[suit] + " " + SUIT[suit], function () { if (bidding) endBidding(suit); else send("trump " + suit); },
                     suit === "H" || suit === "D" ? "red" : "");
      b.setAttribute("data-trump", suit);
    });
  }
  /* Card taps pick cards for a meld, a pass or a discard before the first
   * lead (or after "Meld or pass"); otherwise each tap plays the card. */
  function picking(v) {
    return v && (v.stage === "trump" || (v.stage === "play" && (pickMode || beforeLead(v))));
  }
  /* Before the first lead, while a pass, the discard, the widow or a
   * seat's meld is still to come: a card tapped is picked, not played
   * (once every seat has shown its meld, the first card tapped leads). */
  function beforeLead(v) {
    if (v.tricks_done !== 0 || v.trick.length !== 0) return false;
    if (v.gives_done < v.gives.length || (v.discard && !v.discard_done) || (v.widow && !v.widow_done)) return true;
    var melded = {};
    v.lines.forEach(function (l) { var m = /^(\d+) meld /.exec(l); if (m) melded[m[1]] = true; });
    return state.players.some(function (p, i) { return !melded[i + 1]; });
  }
  function drawCards(v) {
    var box = $("rec-cards"), counts = {}, order = [];
    box.textContent = "";
    var on = v && (v.stage === "play" || v.stage === "trump");
    show("rec-cards-box", on);
    if (!on) return;
    $("rec-cards-how").textContent = picking(v) ? "tap the cards of a meld or a pass, then who shows or passes them; or the cards of the first trick, then Play (once every player has shown meld, the first card tapped leads)"
                                                : "tap each card as it is played";
    (state.deck || []).forEach(function (c) { if (!(c in counts)) { order.push(c); counts[c] = 0; } });
    v.left.forEach(function (c) { counts[c]++; });
    picked.forEach(function (c) { counts[c]--; });
    order.forEach(function (c) {
      var b = button(box, label(c) + (counts[c] > 1 ? " \u00d7" + counts[c] : ""), function () { tapCard(c); },
                     "card-button" + (c[1] === "H" || c[1] === "D" ? " red" : ""));
      b.setAttribute("data-card", c);
      b.disabled = counts[c] <= 0;
    });
  }
  /* While a pass is missing, the cards picked are that pass: it goes when
   * it has its number of cards (the partner's, then the bidder's). */
  function tapCard(c) {
    var v = state.view;
    if (!picking(v)) { send(c); return; }
    picked.push(c);
    if (v.stage === "play" && v.gives_done < v.gives.length && !pickMode && picked.length === v.pass_cards) {
      var text = v.gives[v.gives_done] + " give " + sorted(picked).join(" ");
      picked = []; claim = null; rules = null;
      send(text);
      return;
    }
    pickUpdated();
  }
  /* Cards in the deck's order (the order a log lists a meld or a pass in). */
  function sorted(cards) {
    var deck = state.deck || [];
    return cards.slice().sort(function (a, b) { return deck.indexOf(a) - deck.indexOf(b); });
  }
  function pickUpdated() {
    var v = state.view;
    claim = null;
    drawCards(v);
    drawPicked(v);
    api("POST", "/api/games/" + encodeURIComponent(game) + "/meld", { cards: picked }).then(function (res) {
      if (res.status < 400 && claim === null) { rules = res.json.value; drawPicked(state.view); }
    });
  }
  function drawPicked(v) {
    var box = $("rec-picked");
    box.textContent = "";
    var on = picking(v);
    show("rec-picked-box", on || (v && v.stage === "play"));
    $("rec-pick-toggle").hidden = !v || v.stage !== "play" || beforeLead(v);
    $("rec-pick-toggle").textContent = pickMode ? "Back to the tricks" : "Meld or pass cards";
    drawMeldRows(box, v);
    if (!on) return;
    if (v.gives_done < v.gives.length && v.stage === "play")
      pnFillNamed(box.appendChild(el("p", "next")), ["Now ", { name: name(v.gives[v.gives_done]) }, " passes " + v.pass_cards +
                  " cards: tap them (they go with the last)"]);
    else if (v.stage === "play") drawMeldShortcuts(box, v);
    var tray = el("p", "tray");
    tray.appendChild(document.createTextNode(picked.length ? "Picked: " + picked.map(label).join(" ") : "Picked: none"));
    box.appendChild(tray);
    if (!picked.length) return;
    var value = claim !== null ? claim : rules;
    var row = el("div", "rec-buttons");
    if (value !== null && value >= 0) {
      row.appendChild(el("span", "claim", "meld " + value + (claim !== null ? " (changed)" : " by the rules")));
      button(row, "\u221210", function () { claim = Math.max(0, value - 10); drawPicked(state.view); }).setAttribute("data-claim", "-10");
      button(row, "+10", function () { claim = value + 10; drawPicked(state.view); }).setAttribute("data-claim", "+10");
    }
    button(row, "Clear", function () { picked = []; claim = null; rules = null; drawCards(state.view); drawPicked(state.view); })
      .setAttribute("data-act", "clear");
    box.appendChild(row);
    var acts = el("div", "rec-buttons");
    var cards = sorted(picked).join(" "), trick = picked.join(" ");
    if (v.stage === "play" && v.gives_done < v.gives.length)
      seatButton(acts, v.gives[v.gives_done], "passes", v.gives[v.gives_done] + " give " + cards, "give");
    if (v.widow && !v.widow_done && picked.length === v.widow)
      button(acts, "the widow", function () { var t = "widow " + cards; picked = []; claim = null; rules = null; send(t); })
        .setAttribute("data-act", "widow");
    if (v.discard && !v.discard_done && picked.length === v.discard)
      seatButton(acts, v.high_bidder, "discards", v.high_bidder + " discard " + cards, "discard");
    if (v.stage === "play" && v.seat && picked.length <= state.players.length - v.trick.length)
      seatButton(acts, v.seat, picked.length > 1 ? "plays these (a trick from the lead)" : "plays it", trick, "play");
    box.appendChild(acts);
    if (v.stage !== "play") return;
    var melds = el("div", "rec-buttons");
    melds.appendChild(el("span", "", "Shown in meld by:"));
    state.players.forEach(function (p, i) {
      var text = (i + 1) + " meld " + cards + (claim !== null ? " " + claim : "");
      seatButton(melds, i + 1, "", text, "meld");
    });
    box.appendChild(melds);
  }
  /* The rules' melds with trump (from the server), each a tap that picks
   * its cards, when the cards left have them. */
  function drawMeldShortcuts(box, v) {
    var row = el("div", "rec-buttons melds"), left = {};
    v.left.forEach(function (c) { left[c] = (left[c] || 0) + 1; });
    picked.forEach(function (c) { left[c]--; });
    row.appendChild(el("span", "", "Melds:"));
    (state.view.melds || []).forEach(function (m) {
      var need = {};
      m.cards.forEach(function (c) { need[c] = (need[c] || 0) + 1; });
      var b = button(row, m.name + " " + m.points, function () {
        picked = picked.concat(m.cards);
        pickUpdated();
      });
      b.setAttribute("data-meld", m.name);
      b.disabled = Object.keys(need).some(function (c) { return (left[c] || 0) < need[c]; });
    });
    box.appendChild(row);
  }
  /* Before the first lead, the passes and discard in: a row per seat of
   * the rules' melds its cards may make, each one tap for that seat. */
  function drawMeldRows(box, v) {
    if (!v || v.stage !== "play" || v.tricks_done !== 0 || v.trick.length || pickMode || missing(v) ||
        (v.widow && !v.widow_done) || !(v.melds || []).length) return;
    var rows = el("div", "meld-rows"), left = {};
    rows.id = "rec-meld-rows";
    v.left.forEach(function (c) { left[c] = (left[c] || 0) + 1; });
    state.players.forEach(function (p, i) {
      var row = el("div", "rec-buttons meld-row");
      row.setAttribute("data-seat", String(i + 1));
      pnFillNamed(row.appendChild(el("span", "who")), [{ name: name(i + 1) }, ":"]);
      v.melds.forEach(function (m) {
        var need = {};
        m.cards.forEach(function (c) { need[c] = (need[c] || 0) + 1; });
        if (Object.keys(need).some(function (c) { return (left[c] || 0) < need[c]; })) return;
        button(row, m.name + " " + m.points, function () { meldRowTap(i + 1, m); }).setAttribute("data-meld", m.name);
      });
      rows.appendChild(row);
    });
    box.appendChild(rows);
  }
  /* A meld tapped in a seat's row: the seat's meld line if it has none;
   * else that line replaced (edit N) by it with this meld added, sharing
   * the cards they have in common when the rules count both whole on the
   * shared cards (a marriage and pinochle on one QS), as the server values
   * them.  A claim on the old line goes: the line is the rules' value. */
  function meldRowTap(seat, m) {
    var n = 0, had = [], before = "";
    state.view.lines.forEach(function (l, i) {
      var w = l.split(" ");
      if (w[0] === String(seat) && w[1] === "meld") { n = i + 1; had = w.slice(2); before = l; }
    });
    if (!n) { send(seat + " meld " + sorted(m.cards).join(" ")); return; }
    fix = null; /* the row's edit is the correction */
    had = had.filter(function (c) { return /^[AKQJT9][SHDC]$/.test(c); });
    var both = had.concat(m.cards), shared = had.slice(), rest = had.slice();
    m.cards.forEach(function (c) { var k = rest.indexOf(c); if (k < 0) shared.push(c); else rest.splice(k, 1); });
    function value(cards) {
      return api("POST", "/api/games/" + encodeURIComponent(game) + "/meld", { cards: cards })
        .then(function (res) { return res.status < 400 ? res.json.value : -1; });
    }
    var cards = both;
    var ask = shared.length === both.length ? Promise.resolve() : Promise.all([value(had), value(shared)]).then(function (x) {
      if (x[0] >= 0 && x[1] === x[0] + m.points) cards = shared;
    });
    ask.then(function () {
      send("edit " + n + " " + seat + " meld " + sorted(cards).join(" "));
      meldEdit = { n: n, before: before };
    });
  }
  function seatButton(box, seat, what, text, act) {
    var b = button(box, "", function () { picked = []; claim = null; rules = null; pickMode = false; send(text); });
    pnFillNamed(b, [{ name: name(seat) }, what ? " " + what : ""]);
    b.setAttribute("data-act", act);
    b.setAttribute("data-seat", String(seat));
    return b;
  }
  /* After the hand is stored: each side's score by the rules, sent as its
   * claim with one tap, or with the next tap (the next hand's dealer, bid
   * or trump) unless a score was typed. */
  var pendingScores = null;
  function drawScoreConfirm(v) {
    var box = $("rec-confirm");
    box.textContent = "";
    var sheet = state.sheet, on = v && v.stage === "done" && sheet && sheet.hands && sheet.hands.length &&
      !confirmed;
    show("rec-confirm-box", !!on);
    if (!on) return;
    var last = sheet.hands[sheet.hands.length - 1], rows = [], parts = [];
    sheet.sides.forEach(function (side, i) {
      var score = last["score_" + (i + 1)];
      rows.push(side.seats[0] + " score " + score);
      parts.push(i ? ", " : "", { name: side.name }, " " + score);
    });
    var b = button(box, "", function () {
      confirmed = true;
      rows.reduce(function (p, r) { return p.then(function () { return sendNow(r); }); }, Promise.resolve())
        .then(function () { confirmed = true; drawAll(); });
    }, "primary");
    pnFillNamed(b, ["Confirm hand " + last.hand + ": "].concat(parts));
    b.id = "rec-confirm-button";
    pendingScores = rows;
    box.appendChild(el("span", "", "(or they go with the next tap; to claim other scores type them below first)"));
  }
  /* The hand's lines, numbered: a tap selects one to replace, put a line
   * before, or delete. */
  function drawLines(v) {
    var box = $("rec-lines");
    box.textContent = "";
    var lines = v ? v.lines : [];
    show("rec-lines-box", lines.length > 0 || !!fix);
    lines.forEach(function (text, i) {
      var n = i + 1;
      var b = button(box, n + "  " + text + (filled[n] ? "  (filled in)" : ""), function () { fix = { n: n, how: null }; drawFix(); },
                     (fix && fix.n === n ? "on" : "") + (filled[n] ? " filled" : ""));
      b.setAttribute("data-line", String(n));
    });
    box.scrollTop = box.scrollHeight;
    drawFix();
  }
  function drawFix() {
    var box = $("rec-fix");
    box.textContent = "";
    show("rec-fix", !!fix);
    if (!fix) return;
    var lines = state.view ? state.view.lines : [];
    named(box, [fix.how ? (fix.how === "edit" ? "Replacing" : "Putting a line before") + " line " + fix.n +
                ": tap the new line with the buttons above" : "Line " + fix.n + ": " + (lines[fix.n - 1] || "")]);
    var row = el("div", "rec-buttons");
    button(row, "Replace", function () { fix.how = "edit"; drawAll(); }).setAttribute("data-fix", "edit");
    button(row, "Insert before", function () { fix.how = "insert"; drawAll(); }).setAttribute("data-fix", "insert");
    button(row, "Delete", function () { var n = fix.n; fix = null; send("delete " + n); }).setAttribute("data-fix", "delete");
    button(row, "Cancel", function () { fix = null; drawAll(); }).setAttribute("data-fix", "cancel");
    box.appendChild(row);
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

  /* ------------------------------------------------------------ sending */
  function sendNow(text, confirm, noFill) {
    var body = confirm === undefined ? { line: text } : { confirm: confirm };
    return api("POST", "/api/games/" + encodeURIComponent(game) + "/lines", body).then(function (res) {
      if (res.json.result === "stored") { confirmed = false; filled = {}; }
      if (res.json.view) Object.keys(filled).forEach(function (n) { if (n > res.json.view.lines.length) delete filled[n]; });
      render(res);
      /* only after a card played (or a renege recorded as played): an undo,
       * a dropped renege or a correction is left as it is */
      var played = typeof text === "string" ? /^[0-9AKQJT]{1,2}[SHDC]( |$)/i.test(text) : confirm === true;
      return (played && !noFill && fillForced(res)) || res;
    });
  }
  /* A trick plays itself as far as the server can prove it: a card that
   * is the only one its seat can hold (view.forced) is sent, said, marked
   * "filled in" in the trick and the lines; Undo takes it back. */
  function fillForced(res) {
    var v = res.json.view;
    if (res.status >= 400 || !v || v.stage !== "play" || !v.forced || res.json.pending || fix) return null;
    var who = name(v.seat), n = v.lines.length + 1;
    return sendNow(v.forced).then(function (next) {
      var nv = next.json.view;
      if (next.status < 400 && next.json.result !== "stored" && nv && nv.lines.length >= n) filled[n] = true;
      if (state.view) drawAll();
      var p = el("p", "", who + " played " + label(v.forced) + ", the only card left to " + who + " (filled in: Undo takes it back)");
      $("rec-said").insertBefore(p, $("rec-said").firstChild);
      return next;
    });
  }
  /* The scores by the rules not yet confirmed, sent before the next line. */
  function flushScores() {
    var rows = state && state.view && state.view.stage === "done" && !confirmed ? pendingScores : null;
    if (!rows) return Promise.resolve();
    confirmed = true;
    return rows.reduce(function (p, r) { return p.then(function () { return sendNow(r); }); }, Promise.resolve());
  }
  /* Trump tapped during the bidding: the players still in pass until the
   * bidding is over (at most two rounds), then trump. */
  function endBidding(suit) {
    var passes = 0;
    function step() {
      var v = state.view;
      if (v && (v.stage === "bid" || v.stage === "dealer" || v.stage === "done") && passes++ < 2 * state.players.length)
        return sendNow("pass").then(function (res) { if (res.status < 400) return step(); });
      if (v && v.stage === "trump") return sendNow("trump " + suit).then(function () {
        var p = el("p", "", "The bidding over: " + passes + " pass" + (passes === 1 ? "" : "es") + " sent before trump");
        $("rec-said").insertBefore(p, $("rec-said").firstChild);
      });
    }
    flushScores().then(step);
  }
  /* A line: as it is, or (a line of the list being corrected) as its
   * replacement or a line put before it. */
  function send(text, confirm) {
    if (!game) return;
    meldEdit = null;
    bidLines = 0;
    if (fix && fix.how && confirm === undefined) {
      text = fix.how + " " + fix.n + " " + text;
      fix = null;
      filled = {}; /* the lines after it move */
    }
    if (state && state.pending && confirm === undefined && typeof text === "string" && text !== "undo") {
      /* a renege awaiting its answer: the next tap records it as played
       * (Yes) and goes on; No or Undo are the taps that drop it */
      sendNow(undefined, true, true).then(function (res) { if (res.status < 400 && !res.json.pending) sendNow(text); });
      return;
    }
    if (typeof text === "string" && / score /.test(" " + text)) confirmed = true; /* a claim typed: none sent for it */
    if (typeof text === "string" && text !== "undo") flushScores().then(function () { sendNow(text, confirm); });
    else sendNow(text, confirm);
  }
  function field(form, name) { var f = form.elements[name]; return f ? f.value.trim() : ""; }

  /* /record?variant=&players=&game=&tags=[&start=1] fills the new game
   * (start=1 starts it: a club night's one tap); ?resume=KEY resumes. */
  var params = new URLSearchParams(location.search);
  function prefill(form, names) {
    names.forEach(function (n) { if (params.has(n) && form.elements[n]) form.elements[n].value = params.get(n); });
  }
  function resume(key) {
    api("POST", "/api/games/" + encodeURIComponent(key) + "/resume", {}).then(function (res) {
      picked = []; fix = null; pickMode = false; state = null; meldEdit = null; render(res);
    });
  }
  /* The unfinished games, each with a Resume button and what its journal
   * keeps of the hand in progress. */
  function listUnfinished() {
    var box = $("rec-unfinished");
    api("GET", "/api/games").then(function (res) {
      var games = (res.json.games || []).filter(function (g) { return !g.finished; }).slice(0, 20);
      box.textContent = "";
      if (!games.length) { box.appendChild(el("p", "", "No unfinished game.")); return; }
      games.forEach(function (g) {
        var row = el("div", "rec-buttons unfinished");
        var b = button(row, "", function () { resume(g.game); }, "primary");
        pnFillNamed(b, ["Resume ", { name: g.game }]);
        b.setAttribute("data-resume", g.game);
        var about = el("span", "", "");
        pnFillNamed(about, [g.variant + ", " + g.hands + " hand" + (g.hands === 1 ? "" : "s") + ", " + (g.players || []).join(", ")]);
        row.appendChild(about);
        box.appendChild(row);
        api("GET", "/api/games/" + encodeURIComponent(g.game)).then(function (r) {
          var kept = r.json.lines_kept || (r.json.view ? r.json.view.lines.length : 0);
          if (kept) about.appendChild(document.createTextNode("; hand in progress: " + kept + " lines kept"));
        });
      });
    });
  }
  setTimeout(function () {
    if (params.has("resume")) resume(params.get("resume"));
    else if (params.has("players")) {
      prefill(start, ["variant", "players", "game", "tags"]);
      if (params.get("start") === "1") start.requestSubmit();
    }
    if (!params.has("resume")) listUnfinished();
  }, 0);

  start.addEventListener("submit", function (e) {
    e.preventDefault();
    var body = { variant: field(start, "variant"), players: list(field(start, "players")),
                 options: list(field(start, "options")), tags: list(field(start, "tags")) };
    if (field(start, "game")) body.game = field(start, "game");
    api("POST", "/api/games", body).then(function (res) { picked = []; fix = null; state = null; meldEdit = null; render(res); });
  });
  $("rec-resume").addEventListener("submit", function (e) {
    e.preventDefault();
    resume(field(e.target, "game"));
  });
  /* Undo: a meld row's tap that replaced a line puts the line back; a
   * later player's bid takes its passes back with it */
  $("rec-undo").addEventListener("click", function () {
    var e = meldEdit, n = bidLines;
    fix = null;
    if (n > 1) {
      bidLines = 0;
      for (var p = Promise.resolve(), i = 0; i < n; i++) p = p.then(function () { return sendNow("undo"); });
      return;
    }
    send(e ? "edit " + e.n + " " + e.before : "undo");
  });
  $("rec-yes").addEventListener("click", function () { send(undefined, true); });
  $("rec-no").addEventListener("click", function () { send(undefined, false); });
  $("rec-pick-toggle").addEventListener("click", function () { pickMode = !pickMode; picked = []; drawAll(); });
  $("rec-free-send").addEventListener("click", function () {
    var t = $("rec-free").value.trim();
    if (t) { send(t); $("rec-free").value = ""; }
  });
  $("rec-free").addEventListener("keydown", function (e) {
    if (e.key === "Enter") { e.preventDefault(); $("rec-free-send").click(); }
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

/* The editor of a stored hand (/games/KEY/hands/N/edit): a box per line
 * (the server wrote them), each with Insert and Delete; Replace sends
 * every box's line to POST /api/games/KEY/hands/N/redo, which replaces
 * the hand all or nothing.  A refused line is marked and its box focused;
 * after the replacement the hand's page is shown. */
(function () {
  "use strict";
  var box = document.getElementById("redo");
  if (!box) return;
  var meta = document.querySelector('meta[name="pn-token"]');
  var token = meta ? meta.getAttribute("content") : "";
  var list = document.getElementById("redo-lines"), error = document.getElementById("redo-error");
  var key = box.getAttribute("data-game"), hand = box.getAttribute("data-hand");
  var base = "/games/" + encodeURIComponent(key) + "/hands/" + hand;
  function button(text, fn) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.addEventListener("click", fn);
    return b;
  }
  function dress(li) { /* the buttons of one line */
    li.appendChild(document.createTextNode(" "));
    li.appendChild(button("Insert", function () {
      var fresh = row("");
      list.insertBefore(fresh, li);
      fresh.querySelector("input").focus();
    }));
    li.appendChild(document.createTextNode(" "));
    li.appendChild(button("Delete", function () { li.remove(); }));
  }
  function row(text) {
    var li = document.createElement("li"), input = document.createElement("input");
    input.size = 32;
    input.value = text;
    li.appendChild(input);
    dress(li);
    return li;
  }
  Array.prototype.forEach.call(list.children, dress);
  document.getElementById("redo-add").addEventListener("click", function () {
    var fresh = row("");
    list.appendChild(fresh);
    fresh.querySelector("input").focus();
  });
  document.getElementById("redo-send").addEventListener("click", function () {
    var items = Array.prototype.slice.call(list.children);
    items.forEach(function (li) { li.classList.remove("refused"); });
    var lines = items.map(function (li) { return li.querySelector("input").value; });
    error.textContent = "";
    fetch("/api" + base + "/redo", {
      method: "POST",
      headers: { "Authorization": "Bearer " + token, "Content-Type": "application/json" },
      body: JSON.stringify({ lines: lines }),
      credentials: "same-origin"
    }).then(function (r) {
      return r.json().then(function (j) { return { status: r.status, json: j }; });
    }).then(function (a) {
      if (a.status === 200) { location.href = base; return; }
      error.textContent = a.json.error || "refused (" + a.status + ")";
      var bad = a.json.line ? items[a.json.line - 1] : null;
      if (bad) { bad.classList.add("refused"); bad.querySelector("input").focus(); }
    }).catch(function () { error.textContent = "the server did not answer: nothing was changed"; });
  });
})();
