// The table screen: draws each view the controller sends (server-sent events).
// Every word comes translated from the controller; this script only lays it out.
'use strict';
(function () {
  const lang = document.documentElement.lang || 'en';
  const number = new Intl.NumberFormat(lang);
  // For the browser test and for engineers: the last view drawn and how long after
  // the engine's input each one reached the screen (ms).
  const probe = { seq: 0, latencies: [], view: null, connected: false };
  window.__display = probe;
  let current = null;
  let equity = null;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }

  function card(c) {
    const red = c.suit === 'h' || c.suit === 'd';
    const e = el('span', 'card ' + (red ? 'red' : 'black') + (c.hi ? ' hi' : ''));
    e.textContent = c.rank + c.symbol;
    e.title = c.name;
    e.setAttribute('aria-label', c.name);
    return e;
  }

  function cards(list, backs) {
    const box = el('div', 'cards');
    list.forEach((c) => box.appendChild(card(c)));
    for (let i = 0; i < (backs || 0); i++) box.appendChild(el('span', 'card back'));
    return box;
  }

  function replace(id, ...children) {
    const host = document.getElementById(id);
    host.replaceChildren(...children);
    return host;
  }

  // Around the oval, clockwise from the top: every seat of the table has its place,
  // as on the felt, whether anyone sits there or not.
  function place(box, number, v) {
    const angle = -Math.PI / 2 + ((number - 0.5) * 2 * Math.PI) / v.max_seats;
    box.style.left = (50 + 44 * Math.cos(angle)) + '%';
    box.style.top = (50 + 40 * Math.sin(angle)) + '%';
    return box;
  }

  function emptySeat(number, v) {
    return place(el('div', 'seat empty', String(number)), number, v);
  }

  function seat(s, v) {
    const box = el('div', 'seat' + (s.acting ? ' acting' : '') + (s.out ? ' out' : '') + (s.winner ? ' winner' : ''));
    box.id = 'seat-' + s.seat;
    place(box, s.seat, v);
    const head = el('div', 'seat-head');
    head.appendChild(el('span', 'seat-label', s.label));
    if (s.name) head.appendChild(el('span', 'seat-name', s.name));
    box.appendChild(head);
    const markers = el('div', 'markers');
    s.markers.forEach((m) => markers.appendChild(el('span', 'marker m-' + m.toLowerCase(), m)));
    s.owes.forEach((o) => markers.appendChild(el('span', 'marker owes', o)));
    box.appendChild(markers);
    box.appendChild(el('div', 'stack', v.labels.stack + ' ' + number.format(s.stack)));
    if (s.bet > 0) box.appendChild(el('div', 'bet', v.labels.bet + ' ' + number.format(s.bet)));
    if (s.status) box.appendChild(el('div', 'status', s.status));
    box.appendChild(cards(s.cards, s.backs));
    const eq = el('div', 'equity');
    eq.id = 'equity-' + s.seat;
    box.appendChild(eq);
    return box;
  }

  function drawEquity() {
    document.querySelectorAll('.equity').forEach((e) => { e.textContent = ''; });
    if (!current || !equity || current.equity_key !== equity.key) return;
    equity.seats.forEach((s) => {
      const e = document.getElementById('equity-' + s.seat);
      if (e) {
        e.replaceChildren(
          el('span', 'equity-win', current.labels.win + ' ' + s.win + '%'),
          el('span', 'equity-tie', current.labels.tie + ' ' + s.tie + '%'));
      }
    });
  }

  function draw(v) {
    document.getElementById('title').textContent = v.title;
    document.getElementById('hand').textContent = v.hand;
    document.getElementById('phase').textContent = v.phase;
    document.title = v.title;
    replace('banners', ...v.banners.map((b) => el('div', 'banner', b)));
    const boxes = [];
    for (let n = 1; n <= v.max_seats; n++) {
      const s = v.seats.find((x) => x.seat === n);
      boxes.push(s ? seat(s, v) : emptySeat(n, v));
    }
    replace('seats', ...boxes);
    document.getElementById('board-label').textContent = v.board_label;
    replace('board', ...v.board.map(card));
    document.getElementById('burns').textContent = v.burns;
    replace('pots', ...v.pots.map((p) => {
      const box = el('div', 'pot');
      box.appendChild(el('div', 'pot-amount', p.label + ': ' + number.format(p.amount)));
      box.appendChild(el('div', 'pot-eligible', p.eligible_text));
      p.winners.forEach((w) => box.appendChild(el('div', 'pot-winner', w)));
      return box;
    }));
    if (v.turn) {
      const t = v.turn;
      const parts = [el('div', 'turn-label', t.label)];
      t.figures.forEach((f) => {
        const box = el('div', 'figure');
        box.appendChild(el('span', 'figure-label', f.label));
        if (f.amount > 0) box.appendChild(el('span', 'figure-amount', number.format(f.amount)));
        parts.push(box);
      });
      if (t.note) parts.push(el('div', 'turn-note', t.note));
      replace('turn', ...parts).hidden = false;
    } else {
      replace('turn').hidden = true;
    }
    replace('results', ...v.results.map((r) => {
      const box = el('div', 'result');
      box.appendChild(el('div', 'result-text', r.text));
      if (r.hand) box.appendChild(el('div', 'result-hand', r.hand));
      if (r.cards.length) box.appendChild(cards(r.cards, 0));
      if (r.low) box.appendChild(el('div', 'result-low', r.low));
      return box;
    }), ...(v.rake ? [el('div', 'result-rake', v.rake)] : [])).hidden =
      v.results.length === 0 && !v.rake;
    drawEquity();
  }

  function connect() {
    const source = new EventSource('/events');
    const status = document.getElementById('status');
    source.onopen = () => { status.textContent = ''; probe.connected = true; };
    source.onerror = () => { status.textContent = '⚠ …'; probe.connected = false; };
    source.addEventListener('state', (e) => {
      const v = JSON.parse(e.data);
      // A restarted controller counts from 1 again: only the same run's older views are stale.
      if (!v.seq || (current && v.session === current.session && v.seq <= current.seq)) return;
      current = v;
      draw(v);
      probe.view = v;
      requestAnimationFrame(() => {
        probe.latencies.push(Date.now() - v.at_ms);
        probe.seq = v.seq;
      });
    });
    source.addEventListener('equity', (e) => {
      equity = JSON.parse(e.data);
      drawEquity();
    });
  }

  connect();
})();
