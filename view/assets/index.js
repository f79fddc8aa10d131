/* triad view: the games table.  TRIAD_INDEX (index-data.js) holds the
 * game's seat and ending names, the runs and one row per game: [id, file,
 * setup, rotation, winner (seat, -1 none), ending, turns, result, [scores],
 * spec of seat 0, 1, ...]; the row's place in the list is its viewer page
 * number.  Nothing here knows a game: every name comes with the data. */
(function () {
  'use strict';
  var $ = function (id) { return document.getElementById(id); };
  var D = TRIAD_INDEX, ROWS = D.games.map(function (r, i) { return { i: i, r: r }; });
  var LIMIT = 500, showAll = false, sortCol = 1, sortDir = 1, shown = ROWS; // by id
  var SEATS = D.seats, N = SEATS.length, SPEC = 9;
  var WIN = { '-1': 'none' };
  SEATS.forEach(function (s, k) { WIN[k] = s.toLowerCase(); });
  function spec(r, k) { return r[SPEC + k] === undefined ? '' : r[SPEC + k]; }
  function rotation(r) { return r[3] ? (N === 2 ? ' (swapped)' : ' (rotation ' + r[3] + ')') : ''; }
  var COLS = [
    { name: 'game', num: true, key: function (x) { return x.i; } },
    { name: 'id', num: true, key: function (x) { return x.r[0]; } },
    { name: 'setup', key: function (x) { return x.r[2] + rotation(x.r); } }
  ];
  SEATS.forEach(function (s, k) { COLS.push({ name: s, spec: true, key: function (x) { return spec(x.r, k); } }); });
  COLS.push({ name: 'result', key: function (x) { return x.r[7]; } },
    { name: 'ending', key: function (x) { return x.r[5]; } },
    { name: 'turns', num: true, key: function (x) { return x.r[6]; } });
  function el(tag, text, cls) { var e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
  // A player spec's cell: the spec may break after each comma (<wbr>, which a
  // copy leaves out), so that long specs wrap instead of pushing the table's
  // other columns off the screen.
  function specCell(text) {
    var td = el('td', undefined, 'spec');
    String(text).split(',').forEach(function (part, i, all) {
      td.appendChild(document.createTextNode(part + (i < all.length - 1 ? ',' : '')));
      if (i < all.length - 1) td.appendChild(document.createElement('wbr'));
    });
    return td;
  }
  function table(t, head, rows, isSpec) { // isSpec(column): the column holds player specs
    t.innerHTML = '';
    var h = el('thead'), tr = el('tr');
    head.forEach(function (c) { tr.appendChild(el('th', c, typeof rows[0] === 'object' && rows.length && typeof rows[0][head.indexOf(c)] === 'number' ? 'num' : '')); });
    h.appendChild(tr); t.appendChild(h);
    var b = el('tbody');
    rows.forEach(function (r) {
      var tr = el('tr');
      r.forEach(function (v, i) {
        tr.appendChild(isSpec && isSpec(i) && typeof v === 'string' ? specCell(v)
                       : el('td', v, typeof v === 'number' ? 'num' : ''));
      });
      b.appendChild(tr);
    });
    t.appendChild(b);
  }
  function runs() {
    var paired = N === 2; // two seats: rotations are the paired games
    table($('runs-table'), ['file', 'source', 'games', 'seed', 'setup', paired ? 'paired' : 'rotations', 'shard'].concat(SEATS),
      D.runs.map(function (r) {
        var row = [r.file, r.source, r.games, r.seed, r.setup, paired ? (r.rotations === 2 ? 'yes' : 'no') : r.rotations, r.shard];
        SEATS.forEach(function (s, k) { row.push(r.specs[k] === undefined ? '' : r.specs[k]); });
        return row;
      }), function (i) { return i >= 7; });
  }
  // Per seat, over the games shown: wins (first alone), the score (the
  // share of wins for win/loss games, mean points otherwise), wins by each
  // ending, and per player in that seat.
  function summary() {
    var seats = {}, order = [];
    function acc(key, seat, k, spec, r) {
      if (!seats[key]) { seats[key] = { seat: seat, k: k, spec: spec, games: 0, wins: 0, score: 0, by: {}, turns: 0 }; order.push(key); }
      var s = seats[key], win = r[4] === k;
      s.games++; s.turns += r[6]; s.score += r[8][k] || 0;
      if (win) { s.wins++; s.by[r[5]] = (s.by[r[5]] || 0) + 1; }
    }
    shown.forEach(function (x) {
      var r = x.r;
      for (var k = 0; k < r[8].length; k++) { acc(k + ' ', SEATS[k], k, 'all', r); acc(k + ' ' + spec(r, k), SEATS[k], k, spec(r, k), r); }
    });
    order.sort(function (a, b) {
      var x = seats[a], y = seats[b];
      return x.k !== y.k ? x.k - y.k : x.spec === 'all' ? -1 : y.spec === 'all' ? 1 : x.spec < y.spec ? -1 : 1;
    });
    var head = ['seat', 'player', 'games', 'wins', D.points ? 'mean score' : 'score'];
    D.endings.forEach(function (e) { head.push('by ' + e.replace(/_/g, ' ')); });
    head.push('mean turns');
    table($('summary-table'), head,
      order.map(function (key) {
        var s = seats[key];
        var row = [s.seat, s.spec, s.games, s.wins, D.points ? +(s.score / s.games).toFixed(2) : (100 * s.score / s.games).toFixed(1) + '%'];
        D.endings.forEach(function (e) { row.push(s.by[e] || 0); });
        row.push(+(s.turns / s.games).toFixed(1));
        return row;
      }), function (i) { return i === 1; });
    $('summary-note').textContent = shown.length === ROWS.length ? '(all games)' : '(the ' + shown.length + ' games shown)';
  }
  function header() {
    var tr = el('tr');
    COLS.forEach(function (c, k) {
      var th = el('th', c.name + (k === sortCol ? (sortDir > 0 ? ' \u25B2' : ' \u25BC') : ''), c.num ? 'num' : '');
      th.setAttribute('aria-sort', k === sortCol ? (sortDir > 0 ? 'ascending' : 'descending') : 'none');
      th.tabIndex = 0;
      th.onclick = th.onkeydown = function (e) {
        if (e.type === 'keydown' && e.key !== 'Enter' && e.key !== ' ') return;
        sortDir = sortCol === k ? -sortDir : 1; sortCol = k; render();
      };
      tr.appendChild(th);
    });
    var h = document.querySelector('#games thead'); h.innerHTML = ''; h.appendChild(tr);
  }
  function render() {
    var setup = $('f-setup').value, winner = $('f-winner').value, ending = $('f-ending').value,
        text = $('f-text').value.trim().toLowerCase();
    shown = ROWS.filter(function (x) {
      var r = x.r;
      var specs = r.slice(SPEC).join('\n').toLowerCase();
      return (!setup || r[2] === setup) && (!winner || WIN[r[4]] === winner) && (!ending || r[5] === ending) &&
             (!text || specs.indexOf(text) >= 0);
    });
    var c = COLS[sortCol];
    shown.sort(function (a, b) { var x = c.key(a), y = c.key(b); return (x < y ? -1 : x > y ? 1 : a.i - b.i) * sortDir; });
    header();
    var body = document.querySelector('#games tbody'), frag = document.createDocumentFragment();
    var n = showAll ? shown.length : Math.min(LIMIT, shown.length);
    for (var k = 0; k < n; k++) {
      var x = shown[k], tr = el('tr');
      var a = el('a', '#' + x.i); a.href = 'viewer.html?game=' + x.i;
      var td = el('td', undefined, 'num'); td.appendChild(a); tr.appendChild(td);
      COLS.slice(1).forEach(function (col) {
        tr.appendChild(col.spec ? specCell(col.key(x)) : el('td', col.key(x), col.num ? 'num' : ''));
      });
      frag.appendChild(tr);
    }
    body.innerHTML = ''; body.appendChild(frag);
    $('count').textContent = shown.length + ' of ' + ROWS.length + (n < shown.length ? ', first ' + n + ' listed' : '');
    $('more').hidden = n >= shown.length;
    summary();
  }
  ['f-setup', 'f-winner', 'f-ending'].forEach(function (id) { $(id).onchange = render; });
  $('f-text').oninput = render;
  $('more').onclick = function () { showAll = true; render(); };
  runs();
  render();
})();
