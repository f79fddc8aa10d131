/* triad view: the games table.  TRIAD_INDEX (index-data.js) holds the runs
 * and one row per game: [id, file, setup, swapped, white, black, winner,
 * ending, turns]; the row's place in the list is its viewer page number. */
(function () {
  'use strict';
  var $ = function (id) { return document.getElementById(id); };
  var D = TRIAD_INDEX, ROWS = D.games.map(function (r, i) { return { i: i, r: r }; });
  var LIMIT = 500, showAll = false, sortCol = 1, sortDir = 1, shown = ROWS; // by id
  var RESULT = { '-1': '*', '0': '1-0', '1': '0-1' }, WIN = { '-1': 'none', '0': 'white', '1': 'black' };
  var COLS = [
    { name: 'game', num: true, key: function (x) { return x.i; } },
    { name: 'id', num: true, key: function (x) { return x.r[0]; } },
    { name: 'setup', key: function (x) { return x.r[2] + (x.r[3] ? ' (swapped)' : ''); } },
    { name: 'White', key: function (x) { return x.r[4]; } },
    { name: 'Black', key: function (x) { return x.r[5]; } },
    { name: 'result', key: function (x) { return RESULT[x.r[6]]; } },
    { name: 'ending', key: function (x) { return x.r[7]; } },
    { name: 'turns', num: true, key: function (x) { return x.r[8]; } }
  ];
  function el(tag, text, cls) { var e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
  function table(t, head, rows) {
    t.innerHTML = '';
    var h = el('thead'), tr = el('tr');
    head.forEach(function (c) { tr.appendChild(el('th', c, typeof rows[0] === 'object' && rows.length && typeof rows[0][head.indexOf(c)] === 'number' ? 'num' : '')); });
    h.appendChild(tr); t.appendChild(h);
    var b = el('tbody');
    rows.forEach(function (r) {
      var tr = el('tr');
      r.forEach(function (v) { tr.appendChild(el('td', v, typeof v === 'number' ? 'num' : '')); });
      b.appendChild(tr);
    });
    t.appendChild(b);
  }
  function runs() {
    table($('runs-table'), ['file', 'source', 'games', 'seed', 'setup', 'paired', 'shard', 'White', 'Black'],
      D.runs.map(function (r) { return [r.file, r.source, r.games, r.seed, r.setup, r.paired ? 'yes' : 'no', r.shard, r.white, r.black]; }));
  }
  function summary() {
    var seats = {}, order = [];
    function acc(key, seat, spec, win, ending, turns) {
      if (!seats[key]) { seats[key] = { seat: seat, spec: spec, games: 0, wins: 0, trinity: 0, nocap: 0, turns: 0 }; order.push(key); }
      var s = seats[key];
      s.games++; s.turns += turns;
      if (win) { s.wins++; if (ending === 'trinity') s.trinity++; if (ending === 'no_capture') s.nocap++; }
    }
    shown.forEach(function (x) {
      var r = x.r;
      acc('W', 'White', 'all', r[6] === 0, r[7], r[8]); acc('B', 'Black', 'all', r[6] === 1, r[7], r[8]);
      acc('W ' + r[4], 'White', r[4], r[6] === 0, r[7], r[8]); acc('B ' + r[5], 'Black', r[5], r[6] === 1, r[7], r[8]);
    });
    order.sort(function (a, b) { return a[0] === b[0] ? (seats[a].spec === 'all' ? -1 : seats[b].spec === 'all' ? 1 : a < b ? -1 : 1) : a[0] === 'W' ? -1 : 1; });
    table($('summary-table'), ['seat', 'player', 'games', 'wins', 'score', 'by trinity', 'by no capture', 'mean turns'],
      order.map(function (k) {
        var s = seats[k];
        return [s.seat, s.spec, s.games, s.wins, (100 * s.wins / s.games).toFixed(1) + '%', s.trinity, s.nocap, +(s.turns / s.games).toFixed(1)];
      }));
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
      return (!setup || r[2] === setup) && (!winner || WIN[r[6]] === winner) && (!ending || r[7] === ending) &&
             (!text || r[4].toLowerCase().indexOf(text) >= 0 || r[5].toLowerCase().indexOf(text) >= 0);
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
      COLS.slice(1).forEach(function (col) { tr.appendChild(el('td', col.key(x), col.num ? 'num' : '')); });
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
