/* triad view: the game page.  Loads games/K.js, the file of TRIAD_CHUNK
 * games holding game N (a <script>, since file:// pages may not fetch),
 * then shows ply k as the pieces' SVG lines of that ply
 * (drawn by triad in C) over the board already in the page.  No game rules
 * here: every position string and drawing comes with the data. */
(function () {
  'use strict';
  var $ = function (id) { return document.getElementById(id); };
  function report(msg) {
    window.triadErrors.push(msg);
    var x = $('errors'); x.hidden = false; x.textContent = window.triadErrors.join('\n');
  }
  function params() {
    var q = {}, s = location.search.slice(1) + '&' + location.hash.slice(1);
    s.split('&').forEach(function (kv) {
      if (!kv) return;
      var i = kv.indexOf('=');
      q[decodeURIComponent(i < 0 ? kv : kv.slice(0, i))] = i < 0 ? '' : decodeURIComponent(kv.slice(i + 1));
    });
    return q;
  }
  var q = params(), G = null, ply = 0;
  // ?game=N names a game of this site (0 .. TRIAD_GAMES-1); none given is
  // game 0.  Anything else is said, never replaced by another game.
  var asked = q.game === undefined || q.game === '' ? '0' : q.game;
  var index = /^[0-9]{1,15}$/.test(asked) ? parseInt(asked, 10) : -1;
  if (!(index >= 0 && index < TRIAD_GAMES)) {
    var why = 'game ' + asked + ' does not exist: this site holds ' +
      (TRIAD_GAMES ? TRIAD_GAMES + ' game' + (TRIAD_GAMES === 1 ? '' : 's') + ', 0 to ' + (TRIAD_GAMES - 1) : 'no games');
    document.title = 'triad — no game ' + asked;
    $('title').textContent = 'no game ' + asked;
    var meta = $('meta'), link = document.createElement('a');
    link.href = 'index.html'; link.textContent = 'the index';
    meta.textContent = why + ': ';
    meta.appendChild(link); meta.appendChild(document.createTextNode(' lists them.'));
    meta.className = 'meta missing';
    $('prev-game').hidden = $('next-game').hidden = true;
    ['first', 'prev', 'next', 'last', 'slider', 'copy'].forEach(function (id) { $(id).disabled = true; });
    return;
  }


  function linesAt(k) {
    var cur = [];
    for (var j = 0; j <= k; j++) {
      var gone = G.plies[j][0];
      if (gone.length) cur = cur.filter(function (x) { return gone.indexOf(x) < 0; });
      cur = cur.concat(G.plies[j][1]);
    }
    return cur;
  }
  function show(k) {
    k = Math.max(0, Math.min(G.actions.length, k));
    ply = k;
    $('pieces').innerHTML = linesAt(k).map(function (i) { return G.lines[i]; }).join('');
    $('ply').textContent = k;
    $('slider').value = k;
    $('pos').textContent = G.positions[k];
    $('tomove').textContent = G.status[k];
    var old = document.querySelector('#actions li.current');
    if (old) { old.classList.remove('current'); old.removeAttribute('aria-current'); }
    var li = $('actions').children[k - 1];
    if (li) {
      li.classList.add('current'); li.setAttribute('aria-current', 'step');
      var box = $('actions'), top = li.offsetTop - box.offsetTop;
      if (top < box.scrollTop || top + li.offsetHeight > box.scrollTop + box.clientHeight)
        box.scrollTop = top - box.clientHeight / 2;
    }
    try { history.replaceState(null, '', '?game=' + index + '&ply=' + k); } catch (e) { /* some file:// setups */ }
  }
  function init() {
    document.title = 'triad — game ' + G.id;
    $('title').textContent = 'game ' + G.id + ' (' + (index + 1) + ' of ' + TRIAD_GAMES + ')';
    var meta = $('meta');
    meta.innerHTML = '';
    function add(tag, cls, text) { var e = document.createElement(tag); if (cls) e.className = cls; e.textContent = text; meta.appendChild(e); return e; }
    // a spec may break after each comma (<wbr>: a copy leaves it out), so
    // that a long one wraps on a phone instead of widening the page
    G.seats.forEach(function (s, k) {
      var line = add('span', 's' + k + ' spec', s + ' ');
      G.specs[k].split(',').forEach(function (part, i, all) {
        line.appendChild(document.createTextNode(part + (i < all.length - 1 ? ',' : '')));
        if (i < all.length - 1) line.appendChild(document.createElement('wbr'));
      });
      add('br', '', '');
    });
    var turned = G.rotation ? (G.seats.length === 2 ? ' (recoloured: second game of a pair)' : ' (seats rotated ' + G.rotation + ')') : '';
    add('span', '', G.result + ', ' + G.ending.replace('_', ' ') + ', ' + G.turns + ' turns, ' +
        G.setup + ' setup' + turned + ', id ' + G.id);
    var list = $('actions');
    G.actions.forEach(function (a, j) {
      var li = document.createElement('li'), seat = G.toact[j];
      li.className = 's' + seat;
      li.title = (G.seats[seat] || '') + ', ply ' + (j + 1);
      var n = document.createElement('span'); n.className = 'n'; n.textContent = (j + 1) + '.';
      li.appendChild(n); li.appendChild(document.createTextNode(a));
      li.addEventListener('click', function () { show(j + 1); });
      list.appendChild(li);
    });
    $('plies').textContent = G.actions.length;
    $('slider').max = G.actions.length;
    var start = parseInt(q.ply || '0', 10);
    show(isNaN(start) ? 0 : start);
  }
  function copy() {
    var text = G.positions[ply], b = $('copy');
    function done(ok) { b.textContent = ok ? 'copied' : 'select + copy'; setTimeout(function () { b.textContent = 'copy'; }, 1200); }
    function fallback() {
      var r = document.createRange(); r.selectNodeContents($('pos'));
      var s = getSelection(); s.removeAllRanges(); s.addRange(r);
      var ok = false; try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
      done(ok);
    }
    if (navigator.clipboard && window.isSecureContext)
      navigator.clipboard.writeText(text).then(function () { done(true); }, fallback);
    else fallback();
  }

  $('first').onclick = function () { show(0); };
  $('prev').onclick = function () { show(ply - 1); };
  $('next').onclick = function () { show(ply + 1); };
  $('last').onclick = function () { show(G.actions.length); };
  $('slider').oninput = function () { show(parseInt(this.value, 10)); };
  $('copy').onclick = copy;
  document.addEventListener('keydown', function (e) {
    if (!G || e.altKey || e.ctrlKey || e.metaKey || e.target.tagName === 'INPUT') return;
    var k = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: G.actions.length }[e.key];
    if (k === undefined) return;
    e.preventDefault(); show(k);
  });
  var prev = $('prev-game'), next = $('next-game');
  if (index > 0) prev.href = 'viewer.html?game=' + (index - 1); else prev.hidden = true;
  if (index + 1 < TRIAD_GAMES) next.href = 'viewer.html?game=' + (index + 1); else next.hidden = true;

  window.triadGame = function (g) { if (g.index === index) { G = g; init(); } };
  var s = document.createElement('script'), file = 'games/' + Math.floor(index / TRIAD_CHUNK) + '.js';
  s.src = file;
  s.onload = function () { if (!G) report(file + ' does not hold game ' + index); };
  s.onerror = function () { report('cannot load ' + file); };
  document.head.appendChild(s);
})();
