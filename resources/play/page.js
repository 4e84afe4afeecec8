// The phone page of `spherewars play` (builder/play/page.py). The same changes as
// builder/play/state.py, on the plan the page carries as JSON; the state is kept in
// localStorage under the list's fingerprint, with the undo history beside it.
"use strict";
(function () {
  var D = JSON.parse(document.getElementById("data").textContent);
  var P = D.plan, W = D.words, KEY = D.key, MAX = D.max;
  var history = [];
  var state = null, saved = true;

  function copy(s) { return JSON.parse(JSON.stringify(s)); }
  function model(key) { for (var i = 0; i < P.models.length; i++) if (P.models[i].key === key) return P.models[i]; return null; }
  function inPlay(s) { return P.models.filter(function (m) { return !s.models[m.key].removed; }).map(function (m) { return m.key; }); }
  function refill(c, keys) {
    if (c.combine === "sum") return Math.min(keys.reduce(function (a, k) { return a + (c.each[k] || 0); }, 0), MAX);
    if (c.combine === "max") return Math.min(keys.reduce(function (a, k) { return Math.max(a, c.each[k] || 0); }, 0), MAX);
    return Math.min(c.base, MAX);
  }
  function refillAll(s) {
    var keys = inPlay(s);
    P.counters.forEach(function (c) { if (c.combine !== null) s.counters[c.id] = refill(c, keys); });
  }
  function newGame() {
    var s = {schema: D.schema, fingerprint: P.fingerprint, turn: 1, counters: {}, models: {}};
    P.counters.forEach(function (c) { s.counters[c.id] = c.start; });
    P.models.forEach(function (m) {
      var ms = {ticks: {}, counters: {}, markers: [], activated: false, removed: false};
      m.tracks.forEach(function (t) { ms.ticks[t.id] = 0; });
      P.model_counters.forEach(function (c) { ms.counters[c.id] = c.start; });
      s.models[m.key] = ms;
    });
    refillAll(s);
    return s;
  }
  function clamp(v, lo, hi) { return Math.max(lo, Math.min(v, hi)); }
  function whole(v) { return typeof v === "number" && Math.floor(v) === v; }
  function checked(data) {
    var s = newGame();
    if (!data || data.schema !== D.schema || data.fingerprint !== P.fingerprint) return s;
    if (whole(data.turn) && data.turn >= 1) s.turn = Math.min(data.turn, MAX);
    var dc = data.counters || {};
    P.counters.forEach(function (c) { if (whole(dc[c.id])) s.counters[c.id] = clamp(dc[c.id], 0, c.max || MAX); });
    var dm = data.models || {};
    P.models.forEach(function (m) {
      var g = dm[m.key]; if (!g || typeof g !== "object") return;
      var ms = s.models[m.key];
      m.tracks.forEach(function (t) { var n = (g.ticks || {})[t.id]; if (whole(n)) ms.ticks[t.id] = clamp(n, 0, t.boxes); });
      P.model_counters.forEach(function (c) { var n = (g.counters || {})[c.id]; if (whole(n)) ms.counters[c.id] = clamp(n, 0, c.max || MAX); });
      var mk = Array.isArray(g.markers) ? g.markers : [];
      ms.markers = P.markers.map(function (x) { return x.id; }).filter(function (i) { return mk.indexOf(i) >= 0; });
      ms.activated = g.activated === true; ms.removed = g.removed === true;
    });
    return s;
  }
  function setTicks(s, key, tid, n) {
    var t = model(key).tracks.filter(function (x) { return x.id === tid; })[0];
    n = clamp(n, 0, t.boxes);
    var ms = s.models[key], before = ms.ticks[tid] || 0;
    if (n === before) return false;
    ms.ticks[tid] = n;
    if (t.removes) { if (n >= t.boxes) ms.removed = true; else if (before >= t.boxes) ms.removed = false; }
    return true;
  }
  function step(s, key, cid, delta) {
    var list = key === null ? P.counters : P.model_counters;
    var c = list.filter(function (x) { return x.id === cid; })[0];
    var held = key === null ? s.counters : s.models[key].counters;
    var v = clamp((held[cid] === undefined ? c.start : held[cid]) + delta, 0, c.max || MAX);
    if (v === held[cid]) return false;
    held[cid] = v; return true;
  }
  function nextTurn(s) {
    s.turn += 1;
    P.models.forEach(function (m) {
      var ms = s.models[m.key]; ms.activated = false;
      P.model_counters.forEach(function (c) { if (c.reset) ms.counters[c.id] = c.start; });
    });
    refillAll(s);
    return true;
  }

  function store() {
    try {
      localStorage.setItem(KEY, JSON.stringify(state));
      saved = true;
    } catch (e) { saved = false; return; }
    // the undo steps after it: fewer of them when the browser's room runs out
    var steps = [100, 25, 5, 0];
    for (var i = 0; i < steps.length; i++) {
      try {
        localStorage.setItem(KEY + ":undo", JSON.stringify(steps[i] ? history.slice(-steps[i]) : []));
        return;
      } catch (e) { /* too large for the browser's room: keep fewer */ }
    }
  }
  function load() {
    var s = null, from = null;
    // a page saved from a game in progress starts from that game, once: a reload, or the
    // same page opened again, goes on from what this browser kept since
    try { from = localStorage.getItem(KEY + ":from"); } catch (e) { from = null; }
    if (D.state && from !== D.stamp) {
      state = checked(D.state); history = [];
      try { localStorage.setItem(KEY + ":from", D.stamp); } catch (e) { saved = false; }
      return;
    }
    try {
      var raw = localStorage.getItem(KEY);
      s = raw ? checked(JSON.parse(raw)) : null;
      var h = JSON.parse(localStorage.getItem(KEY + ":undo") || "[]");
      history = Array.isArray(h) ? h.map(checked) : [];
    } catch (e) { s = null; history = []; saved = false; }
    state = s || newGame();
  }
  function change(f) {
    var s = copy(state);
    if (f(s) === false) return;
    history.push(state);
    state = s;
    store(); render();
  }
  function undo() { if (!history.length) return; state = history.pop(); store(); render(); }

  // A track's boxes in rows as the cards and the app lay them out (builder/model/play.py
  // box_rows): the boxes above zero, then 0 and below on rows of their own, never one box
  // alone on a last row; as many to a row as the tile's width holds.
  function boxRows(n, per) {
    if (n <= 0) return [];
    var rows = [];
    for (var left = n; left > 0; left -= per) rows.push(Math.min(per, left));
    if (rows.length < 2 || rows[rows.length - 1] !== 1) return rows;
    var even = Math.ceil(n / rows.length), last = n - (rows.length - 1) * even;
    if (even < per && last >= 2) return rows.map(function (r, i) { return i < rows.length - 1 ? even : last; });
    rows[rows.length - 2] -= 1; rows[rows.length - 1] = 2;
    return rows;
  }
  function perRow(items) {  // how many boxes the browser put on the first row
    var n = 0;
    while (n < items.length && items[n].offsetTop === items[0].offsetTop) n++;
    return n;
  }
  function breakRows(boxes) {
    var items = Array.prototype.slice.call(boxes.querySelectorAll(".box"));
    if (!items.length) return;
    var parts = boxes.getAttribute("data-parts").split(",").map(Number);
    for (var pass = 0; pass < 2; pass++) {  // again if a scroll bar came and narrowed it
      boxes.querySelectorAll(".break").forEach(function (b) { b.remove(); });
      var per = perRow(items), at = 0, rows = 0, tops = {};
      parts.forEach(function (n) {
        boxRows(n, per).forEach(function (r) {
          at += r; rows += 1;
          if (at < items.length) { var br = el("span", "break"); br.setAttribute("aria-hidden", "true"); boxes.insertBefore(br, items[at]); }
        });
      });
      items.forEach(function (b) { tops[b.offsetTop] = true; });
      if (Object.keys(tops).length === rows) return;  // no row wrapped on its own
    }
  }
  function fill(template, values) {  // "{track}: {left} …" with the values, as str.format
    return template.replace(/\{(\w+)\}/g, function (all, name) { return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : all; });
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function button(text, on, cls, label) {
    var b = el("button", cls, text); b.type = "button";
    if (label) b.setAttribute("aria-label", label);
    b.addEventListener("click", on); return b;
  }
  function counter(c, key, value) {
    var box = el("span", "counter");
    box.setAttribute("data-counter", c.id);
    var name = el("span", "label", c.name); if (c.help) name.title = c.help;
    box.appendChild(name);
    box.appendChild(button("\u2212", function () { change(function (s) { return step(s, key, c.id, -1); }); }, "less", c.name + ": " + W.less));
    box.appendChild(el("span", "n", value));
    box.appendChild(button("+", function () { change(function (s) { return step(s, key, c.id, 1); }); }, "more", c.name + ": " + W.more));
    return box;
  }
  function render() {
    var top = document.getElementById("top"); top.textContent = "";
    top.appendChild(el("h1", null, P.list_name));
    top.appendChild(el("div", "sub", P.faction + " \u00b7 " + P.game + " \u00b7 " + W.fingerprint + " " + P.fingerprint));
    if (P.counter) top.appendChild(el("div", "sub", fill(W.counted, {name: P.counter})));
    var bar = el("div", "bar");
    var turn = el("span", "turn", P.turn + " " + state.turn); turn.id = "turn";
    bar.appendChild(turn);
    bar.appendChild(button(W.next, function () { change(nextTurn); }, "primary next"));
    top.appendChild(bar);
    if (P.counters.length) {
      var cs = el("div", "bar");
      P.counters.forEach(function (c) { cs.appendChild(counter(c, null, state.counters[c.id])); });
      top.appendChild(cs);
    }
    var gone = P.models.length - inPlay(state).length;
    var tally = el("div", "sub", W.in_play + ": " + (P.models.length - gone) + " \u00b7 " + W.removed + ": " + gone);
    tally.id = "tally"; top.appendChild(tally);
    if (!saved) top.appendChild(el("div", "note", W.not_saved));

    var main = document.getElementById("tiles"); main.textContent = "";
    P.models.forEach(function (m) {
      var ms = state.models[m.key];
      var tile = el("section", "tile" + (ms.activated ? " acted" : "") + (ms.removed ? " gone" : ""));
      tile.setAttribute("data-key", m.key);
      tile.appendChild(el("h2", null, m.name));
      var line = el("div", "stats", m.type);
      m.stats.forEach(function (p, i) { line.appendChild(document.createTextNode(i ? " " : " \u00b7 ")); line.appendChild(el("span", "stat", p[0] + "\u00a0" + p[1])); });
      tile.appendChild(line);
      if (m.options.length) tile.appendChild(el("div", "options", fill(W.options, {options: m.options.join(", ")})));
      m.tracks.forEach(function (t) {
        var tr = el("div", "track"); tr.setAttribute("data-track", t.id);
        var left = t.value - (ms.ticks[t.id] || 0);
        var label = el("span", "label", fill(W.track, {track: t.name, left: left, value: t.value})); if (t.help) label.title = t.help;
        tr.appendChild(label);
        var boxes = el("div", "boxes"); boxes.setAttribute("data-parts", t.value + "," + (t.boxes - t.value));
        for (var i = 1; i <= t.boxes; i++) {
          (function (i) {
            var shown = t.value - i + 1; // the value the box stands for: 5 4 3 2 1 (0 -1 ...)
            var on = i <= (ms.ticks[t.id] || 0);
            var b = button(shown <= 0 ? shown : "", function () {
              change(function (s) { var n = s.models[m.key].ticks[t.id] || 0; return setTicks(s, m.key, t.id, n === i ? i - 1 : i); });
            }, "box" + (on ? " on" : "") + (shown <= 0 ? " neg" : "") +
              (t.shade_from !== null && shown < -t.shade_from ? " dark" : ""), t.name + " " + shown);
            b.setAttribute("aria-pressed", on ? "true" : "false");
            boxes.appendChild(b);
          })(i);
        }
        tr.appendChild(boxes); tile.appendChild(tr);
      });
      if (P.model_counters.length) {
        var row = el("div", "row");
        P.model_counters.forEach(function (c) { row.appendChild(counter(c, m.key, ms.counters[c.id])); });
        tile.appendChild(row);
      }
      if (P.markers.length) {
        var mk = el("div", "row");
        P.markers.forEach(function (x) {
          var on = ms.markers.indexOf(x.id) >= 0;
          var b = button(x.name, function () {
            change(function (s) { var a = s.models[m.key].markers, j = a.indexOf(x.id);
              if (j >= 0) a.splice(j, 1); else a.push(x.id);
              s.models[m.key].markers = P.markers.map(function (y) { return y.id; }).filter(function (y) { return a.indexOf(y) >= 0; }); });
          }, "chip marker");
          b.setAttribute("aria-pressed", on ? "true" : "false");
          mk.appendChild(b);
        });
        tile.appendChild(mk);
      }
      var acts = el("div", "row");
      var a = button(P.activated, function () { change(function (s) { s.models[m.key].activated = !s.models[m.key].activated; }); }, "chip activated");
      a.setAttribute("aria-pressed", ms.activated ? "true" : "false");
      acts.appendChild(a);
      acts.appendChild(button(ms.removed ? W.back : W.remove, function () { change(function (s) { s.models[m.key].removed = !s.models[m.key].removed; }); }, "chip removal"));
      tile.appendChild(acts);
      if ((m.profiles && m.profiles.length) || (m.rules && m.rules.length)) {
        // a roster's model: what it carries (weapons, abilities) and its rules, folded
        var more = el("details", "profiles");
        more.appendChild(el("summary", null, W.profiles));
        (m.profiles || []).forEach(function (p) {
          var row = el("div", "profile");
          row.appendChild(el("b", null, p.name));
          row.appendChild(el("span", "ptype", " (" + p.type + ")"));
          var given = p.values.filter(function (v) { return v[1] !== ""; });
          // one text (an ability) reads without its column's name
          var values = given.length === 1 ? given[0][1] : given.map(function (v) { return v[0] + "\u00a0" + v[1]; }).join(" \u00b7 ");
          if (values) row.appendChild(document.createTextNode(": " + values));
          more.appendChild(row);
        });
        if (m.rules && m.rules.length) more.appendChild(el("div", "profile", fill(W.rules, {names: m.rules.join(", ")})));
        tile.appendChild(more);
      }
      main.appendChild(tile);
    });
    if (P.unknown.length) main.appendChild(el("p", "note", fill(W.unknown, {ids: P.unknown.join(", ")})));
    if (P.left_out) main.appendChild(el("p", "note", fill(W.left_out, {n: P.left_out})));

    var foot = document.getElementById("foot"); foot.textContent = "";
    var u = button(W.undo, undo, "undo"); u.disabled = !history.length; foot.appendChild(u);
    foot.appendChild(button(W.end, function () {
      if (!window.confirm(W.end_ask)) return;
      history = []; state = newGame(); store(); render();
    }, "end"));
    main.querySelectorAll(".boxes").forEach(breakRows);  // once the page has its height
  }
  document.addEventListener("keydown", function (e) {
    if ((e.ctrlKey || e.metaKey) && e.key === "z") { e.preventDefault(); undo(); }
  });
  var wide = window.innerWidth;
  window.addEventListener("resize", function () { if (window.innerWidth !== wide) { wide = window.innerWidth; render(); } });
  load(); store(); render();
})();
