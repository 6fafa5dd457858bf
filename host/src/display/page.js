// The table screen: draws each view the controller sends (server-sent events).
// Every word and every number comes written from the controller, in the table's
// language; this script only lays them out for the screen it is on, and says so
// when the controller stops talking.
'use strict';
(function () {
  // The server sends a heartbeat every second (sse.rs, HEARTBEAT): a page that
  // hears nothing for this long says it is not live.
  const STALE_AFTER_MS = 1600;
  // A stream the server refused (every slot taken: sse.rs) is not retried by the
  // browser itself; the page asks again after this long.
  const RETRY_REFUSED_MS = 5000;
  // A seat's contents shrink no further than this share of their planned size.
  const MIN_SEAT_SCALE = 0.7;
  // A seat's stack is this many of its units (page.css, `.stack`).
  const STACK_EM = 1.3;
  // The middle of the felt shrinks no further than this share, and grows to fill
  // a large felt up to this many times its size.
  const MIN_CENTER_SCALE = 0.6;
  const MAX_CENTER_SCALE = 2;
  // No text under this share of the screen's height (page.css, `--small`): the
  // board's cards, this many times the middle's type (page.css, `#board .card`),
  // shrink no further.
  const SMALLEST = 0.025;
  const BOARD_EM = 1.45;
  // The middle of the felt holds this many pots under the board while someone acts
  // (the screens test checks it at every size); more (all-ins of many sizes at a
  // full table: nine pots at ten seats) take the bar, over the turn, where they
  // have the screen's whole width.
  const MIDDLE_POTS = 3;
  // The classes by which the bar lays its pots out (layout; page.css, `#pots.in-bar`).
  const POT_WAYS = ['wrap', 'rows', 'flow', 'inline', 'short'];
  // For the browser test and for engineers: the last view drawn, how long after the
  // engine's input each one reached the screen (ms), and whether the page is live.
  // `drawing`: how long each view took to draw and lay out (ms); `beats`: the
  // heartbeats heard; `tournaments`: the tournament panel's updates heard.
  const probe = { seq: 0, latencies: [], drawing: [], view: null, connected: false, live: false, beats: 0, tournaments: 0 };
  window.__display = probe;
  let current = null;
  let equity = null;
  // The floor store's line for the dealer's view, when the table ships to one.
  let link = null;
  // The tournament's panel when the table plays one (none at a cash table), and the
  // moment it came: the time left counts down from it, set again by each update.
  let tournament = null;
  let tournamentAt = 0;
  let heard = 0;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }

  function card(c) {
    const e = el('span', 'card ' + c.suit + (c.hi ? ' hi' : ''));
    e.appendChild(el('span', 'rank', c.rank));
    e.appendChild(el('span', 'suit', c.symbol));
    e.title = c.name;
    e.setAttribute('aria-label', c.name);
    return e;
  }

  function cards(list, backs) {
    // Cards face down carry no text: they may shrink below the smallest type.
    const box = el('div', 'cards' + (list.length === 0 && backs > 0 ? ' backs' : ''));
    list.forEach((c) => box.appendChild(card(c)));
    for (let i = 0; i < (backs || 0); i++) box.appendChild(el('span', 'card back'));
    return box;
  }

  function replace(id, ...children) {
    const host = document.getElementById(id);
    host.replaceChildren(...children);
    return host;
  }

  // Where the seats go on this screen: rows along the top and the bottom, and, when
  // the screen is tall enough for it, columns down the sides; chosen so that each seat
  // gets the largest box (seats are a little wider than tall), clockwise from the top
  // left. Returns that arrangement and then the others that leave the middle its
  // room, largest seats first ([`place`]).
  function plan(n, W, H, potsAway) {
    // A seat is this much wider than tall; the middle keeps at least these shares of
    // the felt for the board and the pots.
    const aspect = 1.3;
    const middleW = 0.4;
    const middleH = W < H ? 0.38 : 0.3;
    // A wide, low felt needs a middle this share of it at least (the board, the total
    // and three pots in a row): eleven seats at 800x480 go in two rows rather than
    // leave the pots a narrow slot between two side columns.
    // With the pots in the bar (nobody acts, or many pots) the middle holds only the
    // board and the total: the seats may take more of it.
    const minMiddle = W < H ? 0 : potsAway ? 0.12 : 0.25;
    let best = null;
    let roomy = null;
    const all = [];
    for (let s = 0; 2 * s <= n; s++) {
      const rest = n - 2 * s;
      const top = Math.ceil(rest / 2);
      const bottom = rest - top;
      const rows = (top > 0 ? 1 : 0) + (bottom > 0 ? 1 : 0);
      // The tallest and the widest a seat may be with this arrangement.
      let high = s > 0 ? H / (rows + s) : (H * (1 - middleH)) / Math.max(rows, 1);
      high = Math.min(high, H * 0.42);
      let wide = top > 0 ? W / top : Infinity;
      if (s > 0) wide = Math.min(wide, (W * (1 - middleW)) / 2);
      wide = Math.min(wide, high * aspect * 1.25);
      const size = Math.min(wide / aspect, high);
      // A seat narrower than planned may take more height, up to square (in
      // portrait, where the width runs out first, a little taller than square).
      const bh = Math.min(high, Math.max(size, wide * (W < H ? 1.3 : 1)));
      const middle = ((W - (s > 0 ? 2 * wide : 0)) * (H - rows * bh)) / (W * H);
      const plan = { s, top, bottom, size, high, wide, bh, roomy: middle >= minMiddle };
      all.push(plan);
      if (!best || size > best.size * 1.02) best = plan;
      if (plan.roomy && (!roomy || size > roomy.size * 1.02)) roomy = plan;
    }
    if (roomy) best = roomy;
    // Then the other arrangements that leave the middle its room, largest seats
    // first: tried when a seat does not fit the first (layout).
    const others = all.filter((a) => a !== best && (a.roomy || !roomy)).sort((a, b) => b.size - a.size);
    return [best, ...others].map((a) => place(a, W, H));
  }

  // An arrangement's seats on the felt: each seat's centre and the box size, and
  // the rectangle left in the middle.
  function place(best, W, H) {
    const bw = best.wide;
    const bh = best.bh;
    const side = best.s > 0 ? bw : 0;
    const spots = [];
    const row = (count, y, reverse) => {
      for (let i = 0; i < count; i++) {
        const k = reverse ? count - 1 - i : i;
        spots.push([(k + 0.5) * (W / count), y]);
      }
    };
    const column = (x, reverse) => {
      for (let i = 0; i < best.s; i++) {
        const k = reverse ? best.s - 1 - i : i;
        const y0 = best.top > 0 ? bh : 0;
        const span = H - y0 - (best.bottom > 0 ? bh : 0);
        spots.push([x, y0 + (k + 0.5) * (span / best.s)]);
      }
    };
    row(best.top, bh / 2, false);
    column(W - bw / 2, false);
    row(best.bottom, H - bh / 2, true);
    column(bw / 2, true);
    const middle = {
      left: side,
      top: best.top > 0 ? bh : 0,
      right: W - side,
      bottom: H - (best.bottom > 0 ? bh : 0),
    };
    return { spots, bw, bh, middle };
  }

  // Sizes a box's contents (through the CSS variable `name`, a scale) as large as
  // fits, from `max` down, never below `min`.
  // Halving the interval: a few layouts, not one per step (the update's delay).
  function fit(box, name, min, max) {
    const set = (s) => box.style.setProperty(name, s);
    let hi = max || 1;
    set(hi);
    if (!overflows(box)) return;
    let lo = min;
    set(lo);
    if (overflows(box)) return;
    for (let i = 0; i < 6; i++) {
      const mid = (lo + hi) / 2;
      set(mid);
      if (overflows(box)) hi = mid;
      else lo = mid;
    }
    set(lo);
  }

  // Places and sizes the seats for arrangement `p`; how many are still too full.
  function placeSeats(p, W, H) {
    // A seat holds about seven lines of its unit (name, stack, action, two-line
    // cards) and about seven and a half of its characters across.
    const unit = Math.min(p.bh / 7, p.bw / 7.5);
    // Every seat at full size first, then one reading of which overflow (one layout
    // for all), and only those shrink.
    const seats = Array.from(document.querySelectorAll('#seats .seat'));
    const sizers = seats.map((box, i) => {
      const [x, y] = p.spots[i] || [W / 2, H / 2];
      box.style.left = x + 'px';
      box.style.top = y + 'px';
      box.style.width = p.bw * 0.96 + 'px';
      box.style.height = p.bh * 0.96 + 'px';
      const holes = Number(box.dataset.holes || 2);
      // The hole cards share the seat's width: each card is 1.3em wide plus its gap.
      const cardFont = Math.min(unit * 1.35, (p.bw * 0.9) / (holes * 1.4));
      const set = (s) => {
        box.style.setProperty('--u', unit * s + 'px');
        box.style.setProperty('--cb', cardFont * s + 'px');
      };
      set(1);
      return set;
    });
    // A crowded seat first gives up its small print (the head's markers), then lays
    // its cards flat (rank beside suit: half the height, kept only if they still fit
    // the width), and only then shrinks, never below the seats' figures' floor.
    const fig = parseFloat(getComputedStyle(document.getElementById('fig-probe')).fontSize);
    seats.forEach((box) => box.classList.remove('tight-head', 'no-pos', 'num-only', 'head-stack', 'flat-cards', 'no-equity'));
    seats.filter(overflows).forEach((box) => {
      const set = sizers[seats.indexOf(box)];
      box.classList.add('tight-head');
      if (!overflows(box)) return;
      // The position (early, middle, late) is the least a player needs at a glance.
      box.classList.add('no-pos');
      if (!overflows(box)) return;
      // Then the word "Seat": the number alone, as on an empty seat.
      box.classList.add('num-only');
      if (!overflows(box)) return;
      // Then the number and the stack on one line (a winner's box at a portrait
      // showdown: his hand's name on two lines over four cards).
      box.classList.add('head-stack');
      if (!overflows(box)) return;
      box.classList.add('flat-cards');
      const laid = box.querySelector('.cards');
      const cs = getComputedStyle(box);
      const room = box.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      if (laid && Math.max(laid.scrollWidth, laid.offsetWidth) > room + 1) box.classList.remove('flat-cards');
      // The page's floors (page.css) keep every text readable: the scale may go
      // lower, only the face-down cards and the spacing follow it below them.
      const least = Math.min(MIN_SEAT_SCALE, fig / (unit * STACK_EM));
      let s = 1;
      while (s > least && overflows(box)) {
        s = Math.max(least, s - 0.05);
        set(s);
      }
      // Still too full at the smallest readable type: the all-in chances go (a
      // table option, and the run-out itself settles them) rather than shrink.
      if (overflows(box)) box.classList.add('no-equity');
    });
    return seats.filter(overflows).length;
  }

  // Places the oval and the middle (the board, the total, the pots while someone
  // acts) for arrangement `p`; whether the middle is still too full.
  function placeMiddle(p) {
    const oval = document.getElementById('oval');
    const m = p.middle;
    const pad = Math.min(m.right - m.left, m.bottom - m.top) * 0.04;
    Object.assign(oval.style, {
      left: m.left + pad + 'px',
      top: m.top + pad + 'px',
      width: m.right - m.left - 2 * pad + 'px',
      height: m.bottom - m.top - 2 * pad + 'px',
    });
    const center = document.getElementById('center');
    // The middle is an ellipse: its text keeps inside the rectangle inscribed in it,
    // widened a little where the oval's border is far from its corners.
    const cw = (m.right - m.left) * 0.8;
    const ch = (m.bottom - m.top) * 0.88;
    Object.assign(center.style, {
      left: (m.left + m.right - cw) / 2 + 'px',
      top: (m.top + m.bottom - ch) / 2 + 'px',
      width: cw + 'px',
      height: ch + 'px',
    });
    // Too little room: the pots go one under the other beside the board, and a
    // pot's lines may wrap, before anything becomes too small to read. No pot ever
    // loses its seats.
    // The board's cards shrink with the middle, never under the smallest type.
    const fig = parseFloat(getComputedStyle(document.getElementById('fig-probe')).fontSize);
    const least = Math.max(MIN_CENTER_SCALE, (SMALLEST * window.innerHeight) / (fig * BOARD_EM));
    // Then the total goes on one line, and, with the pots in the bar (each with
    // its own amount there), it goes before the board is cut.
    const away = document.getElementById('pots').classList.contains('in-bar');
    const steps = away ? ['total-inline', 'no-total'] : ['pots-column', 'pot-lines', 'total-inline'];
    center.classList.remove('pots-column', 'pot-lines', 'total-inline', 'no-total');
    stepwise(center, steps, () => fit(center, '--cs', least, MAX_CENTER_SCALE));
    return overflows(center);
  }

  function layout() {
    if (!current) return;
    const felt = document.getElementById('felt');
    const W = felt.clientWidth;
    const H = felt.clientHeight;
    const arrangements = plan(current.max_seats, W, H, document.getElementById('pots').classList.contains('in-bar'));
    // The first arrangement, unless a seat's contents or the middle do not fit it
    // at their floors (a portrait screen's showdown: a winner's hand name on two
    // lines over four cards; many pots in the bar): then the next, and the one with
    // the fewest seats (and middle) too full.
    let chosen = null;
    let tried = null;
    for (const a of arrangements) {
      tried = a;
      const full = placeSeats(a, W, H) + (placeMiddle(a) ? 1 : 0);
      if (!chosen || full < chosen.full) chosen = { a, full };
      if (full === 0) break;
    }
    if (chosen.a !== tried) {
      placeSeats(chosen.a, W, H);
      placeMiddle(chosen.a);
    }

    // The header's title, hand and round each keep their whole text (the title would
    // otherwise end in an ellipsis): its type comes down to the labels' size, and then
    // the title may take two lines (a long game's name on a narrow screen).
    const label = parseFloat(getComputedStyle(document.getElementById('label-probe')).fontSize);
    const header = document.querySelector('header');
    const parts = Array.from(header.querySelectorAll('#title, #hand, #phase'));
    const fitHeader = () => fitText(header, (base) => Math.min(1, label / base), parts);
    header.classList.remove('title-lines');
    fitHeader();
    if (overflows(header) || parts.some(overflows)) {
      header.classList.add('title-lines');
      fitHeader();
    }
    // The turn's type comes down to the key figures' floor; then its parts wrap.
    const keyFloor = parseFloat(getComputedStyle(document.getElementById('key-probe')).fontSize);
    fitText(document.getElementById('turn'), (base) => Math.min(1, keyFloor / base));
    // The bar's pots and its idle panel come down to the smallest type read from
    // two metres, the pots one under the other when they are too wide side by side.
    const small = parseFloat(getComputedStyle(document.getElementById('small-probe')).fontSize);
    const pots = document.getElementById('pots');
    if (pots.classList.contains('in-bar')) {
      // Side by side on one line each; else each pot's lines wrap in its column;
      // else the pots go one under the other, each on as few lines as it takes;
      // else (many pots, a narrow screen) they flow in rows across the bar, each
      // with its amount and seats on one line, then each on its own lines, then
      // with those lines wrapped. Of the ways that fit, the one that leaves the
      // felt the most height (the seats keep their floors): a portrait screen's
      // showdown or many pots need every line the seats can spare. Flowing, the
      // pots may also be named without the word "pot" ("Side 1: 900"): taken only
      // when that saves at least a line's height (two boxes to a row where one
      // went, three where two went), never for a few pixels.
      const few = [[], ['wrap'], ['rows'], ['rows', 'wrap']];
      const flowing = [['flow', 'inline'], ['flow'], ['flow', 'wrap']];
      const ways = current.pots.length > MIDDLE_POTS ? flowing : few.concat(flowing);
      const shortWays = flowing.map((w) => w.concat('short'));
      const floor = parseFloat(getComputedStyle(pots).minHeight) || 0;
      const take = (way) => {
        pots.classList.remove(...POT_WAYS);
        pots.classList.add(...way);
        const short = way.includes('short');
        pots.querySelectorAll('.pot-amount').forEach((a) => {
          a.textContent = short ? a.dataset.short : a.dataset.full;
        });
        fitText(pots, (base) => Math.min(1, small / base));
        return !overflows(pots) && !Array.from(pots.children).some(overflows);
      };
      // The lowest of `list` that fits (none when none does), and the last tried.
      let taken = null;
      const lowest = (list) => {
        let best = null;
        for (const way of list) {
          taken = way;
          if (!take(way)) continue;
          const height = pots.getBoundingClientRect().height;
          if (!best || height < best.height - 1) best = { way, height };
          // No way is lower than the bar's own height.
          if (height <= floor + 1) break;
        }
        return best;
      };
      let best = lowest(ways);
      if (!best || best.height > floor + 1) {
        const line = small * 1.1;
        const shorter = lowest(shortWays);
        if (shorter && (!best || shorter.height < best.height - line)) best = shorter;
      }
      const chosen = best ? best.way : taken;
      if (chosen !== taken) take(chosen);
    } else {
      pots.classList.remove(...POT_WAYS);
      pots.querySelectorAll('.pot-amount').forEach((a) => { a.textContent = a.dataset.full; });
      pots.style.fontSize = '';
    }
    fitText(document.getElementById('idle'), (base) => Math.min(1, small / base));
  }

  function overflows(box) {
    return box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1;
  }

  // Fits a box with `fitting`, then, while it still overflows, takes the next of
  // `steps` (classes that make its contents smaller) and fits it again.
  function stepwise(box, steps, fitting) {
    box.classList.remove(...steps);
    fitting();
    for (const step of steps) {
      if (!overflows(box)) break;
      box.classList.add(step);
      fitting();
    }
  }

  // A bar whose words are too long for the screen (a long language, a narrow
  // screen) gets smaller type, down to the share `least(size)` of its size: never
  // cut off.
  // `parts`: boxes inside it that must not be cut off either.
  function fitText(box, least, parts) {
    box.style.fontSize = '';
    if (box.hidden) return;
    const base = parseFloat(getComputedStyle(box).fontSize);
    const min = base * least(base);
    const cut = () => overflows(box) || (parts || []).some(overflows);
    let f = base;
    while (f > min && cut()) {
      f = Math.max(min, f - base * 0.03);
      box.style.fontSize = f + 'px';
    }
  }

  function emptySeat(number) {
    const box = el('div', 'seat empty', String(number));
    box.id = 'seat-' + number;
    return box;
  }

  function seat(s, v) {
    const box = el('div', 'seat' + (s.acting ? ' acting' : '') + (s.out ? ' out' : '') + (s.winner ? ' winner' : ''));
    box.id = 'seat-' + s.seat;
    box.dataset.holes = String(Math.max(2, s.cards.length + s.backs));
    const head = el('div', 'seat-head');
    // "Seat 4": the word may go on a crowded seat, the number stays.
    const label = el('span', 'seat-label');
    const number = String(s.seat);
    const word = s.label.endsWith(' ' + number) ? s.label.slice(0, -number.length - 1) : '';
    if (word) label.appendChild(el('span', 'seat-word', word + ' '));
    label.appendChild(document.createTextNode(word ? number : s.label));
    head.appendChild(label);
    s.markers.forEach((m) => head.appendChild(el('span', 'marker m-' + m.code, m.text)));
    if (s.position) head.appendChild(el('span', 'marker pos', s.position));
    if (s.name) head.appendChild(el('span', 'seat-name', s.name));
    box.appendChild(head);
    if (s.owes.length) box.appendChild(el('div', 'owes', s.owes.join(' · ')));
    const act = s.action_text || (s.bet > 0 ? v.labels.bet + ' ' + s.bet : s.status);
    const actClass = 'act' + (s.action ? ' a-' + s.action : '');
    // All in, nothing behind: the line says so instead of a stack of 0.
    if (s.stack > 0 || !act) box.appendChild(el('div', 'stack', s.stack_text || String(s.stack)));
    // At the showdown a winner's box names the hand that won (in place of his last
    // action): the bar under the felt names the pots he won.
    const won = (v.results || []).find((r) => r.seat === s.seat && (r.hand || r.low));
    if (won) {
      [won.hand, won.low].filter(Boolean).forEach((t) => box.appendChild(el('div', 'hand-name', t)));
    } else if (act) {
      box.appendChild(el('div', actClass + (s.stack > 0 ? '' : ' stack'), act));
    }
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
      // The server writes each line: the win (and a tie that matters) with one
      // pot, the seat's share of each pot it can win with side pots.
      if (!e) return;
      e.replaceChildren(...s.lines.map((t, i) => el('span', i ? 'equity-tie' : 'equity-win', t)));
      // Several lines (side pots) in smaller type: the stack and the cards keep theirs.
      e.classList.toggle('many', s.lines.length > 1);
    });
  }

  function draw(v) {
    document.body.classList.toggle('two-colour', v.four_colour === false);
    document.getElementById('title').textContent = v.title;
    document.getElementById('hand').textContent = v.hand;
    document.getElementById('phase').textContent = v.phase;
    document.getElementById('limits').textContent = v.limits || '';
    document.title = v.title;
    const notices = (v.notices || []).map((b) => el('div', 'banner quiet', b));
    replace('banners', ...v.banners.map((b) => el('div', 'banner', b)), ...notices);
    const header = document.querySelector('header');
    header.classList.toggle('alarmed', v.banners.length > 0);
    header.classList.toggle('noticed', v.banners.length === 0 && notices.length > 0);
    const boxes = [];
    for (let n = 1; n <= v.max_seats; n++) {
      const s = v.seats.find((x) => x.seat === n);
      boxes.push(s ? seat(s, v) : emptySeat(n));
    }
    replace('seats', ...boxes);
    replace('board', ...v.board.map(card));
    const total = [];
    if (v.total_pot) {
      total.push(el('span', 'total-label', v.total_pot.label));
      total.push(el('span', 'total-amount', v.total_pot.amount));
    }
    replace('total-pot', ...total);
    // No board, no burns to speak of (draw has neither; Hold'em before the flop).
    document.getElementById('burns').textContent = v.board.length && v.burns_shown !== false ? v.burns : '';
    // The pots: in the middle while someone acts (the bar holds the turn); in the
    // bar when nobody does (a run-out, the showdown), where they have room to say
    // each pot's seats and winners at a size read across the table.
    const pots = replace('pots', ...v.pots.map((p) => {
      const box = el('div', 'pot');
      const amount = el('div', 'pot-amount', p.amount_text || (p.label + ': ' + p.amount));
      // Its name without "pot" ("Side 1: 900"), for a bar too narrow for two full
      // names side by side (layout: the 'short' ways).
      amount.dataset.full = amount.textContent;
      amount.dataset.short = p.short_text || amount.textContent;
      box.appendChild(amount);
      box.appendChild(el('div', 'pot-eligible', p.eligible_text));
      p.winners.forEach((w) => box.appendChild(el('div', 'pot-winner', w)));
      return box;
    }), ...(v.rake && !v.turn ? [el('div', 'pot pot-rake', v.rake)] : []));
    const inBar = v.pots.length > (v.turn ? MIDDLE_POTS : 0);
    const home = document.getElementById(inBar ? 'bar' : 'center');
    if (pots.parentElement !== home) home.appendChild(pots);
    pots.classList.toggle('in-bar', inBar);
    home.classList.toggle('with-turn', inBar && !!v.turn);
    if (v.turn) {
      const t = v.turn;
      const who = el('div', 'figure who');
      if (t.who) {
        who.appendChild(el('span', 'figure-label', t.who_label));
        who.appendChild(el('span', 'figure-amount turn-label', t.who));
      } else {
        who.appendChild(el('span', 'turn-label', t.label));
      }
      const parts = [who];
      t.figures.forEach((f) => {
        const box = el('div', 'figure' + (f.amount > 0 ? '' : ' check'));
        box.appendChild(el('span', 'figure-label', f.label));
        if (f.amount > 0) box.appendChild(el('span', 'figure-amount', f.amount_text || String(f.amount)));
        parts.push(box);
      });
      if (t.note) parts.push(el('div', 'turn-note', t.note));
      replace('turn', ...parts).hidden = false;
    } else {
      replace('turn').hidden = true;
    }
    // Nobody acts and no pot to show (between hands, the deal): the bar says the
    // limits and the last hands' results.
    const idle = [el('div', 'idle-limits', v.limits || '')];
    if (v.last_hands && v.last_hands.length) {
      const last = el('div', 'idle-last');
      last.appendChild(el('div', 'idle-title', v.labels.last_hands));
      v.last_hands.forEach((t) => last.appendChild(el('div', 'idle-hand', t)));
      idle.push(last);
    }
    replace('idle', ...idle).hidden = !!v.turn || inBar;
    if (document.body.classList.contains('dealer') && v.dealer) drawDealer(v.dealer);
    drawEquity();
    layout();
  }

  // The dealer's view: next step and shoe, the amount keyed, refusals, last inputs.
  function drawDealer(d) {
    const column = (...children) => { const c = el('div', 'd-col'); c.replaceChildren(...children); return c; };
    // The floor store's line, the longest, runs under the four columns.
    replace('dealer',
      column(el('div', 'd-next', d.next), el('div', 'd-shoe' + (d.shoe_alarm ? ' alarm' : ''), d.shoe),
        panelLine(d)),
      column(el('div', 'd-title', d.keyed_label), el('div', 'd-keyed', d.keyed || '–')),
      column(el('div', 'd-title', d.refused_label), ...d.refused.map((r) => el('div', 'd-refused', r))),
      column(el('div', 'd-title', d.inputs_label + ' · ' + d.undo_hint), ...d.inputs.map((t) => el('div', 'd-input', t))),
      linkLine());
  }

  // How shipping to the floor's store stands (empty when the table ships to none):
  // it changes with the table idle, so it comes on its own event.
  function linkLine() {
    const line = el('div', 'd-shoe d-link' + (link && link.alarm ? ' alarm' : ''), link ? link.text : '');
    line.hidden = !link;
    return line;
  }

  // The panel's health: the server's words, and the seconds since its last press
  // (counted here, so they go on between updates).
  function panelLine(d) {
    const line = el('div', 'd-shoe d-panel' + (d.panel_alarm ? ' alarm' : ''), d.panel);
    if (d.panel_at_ms) line.dataset.at = String(d.panel_at_ms);
    tickPanel(line);
    return line;
  }

  function tickPanel(line) {
    const box = line || document.querySelector('.d-panel');
    if (!box || !box.dataset.at || !current) return;
    const secs = Math.max(0, Math.round((Date.now() - Number(box.dataset.at)) / 1000));
    box.textContent = current.dealer.panel + ' · ' + secs + ' s';
  }

  // A time left as the clock shows it (tournament.rs, `clock_time`): `m:ss`, or
  // `h:mm:ss` from an hour; a second begun counts whole.
  function clockTime(ms) {
    const all = Math.ceil(Math.max(0, ms) / 1000);
    const two = (n) => String(n).padStart(2, '0');
    const h = Math.floor(all / 3600);
    const m = Math.floor(all / 60) % 60;
    return h > 0 ? h + ':' + two(m) + ':' + two(all % 60) : m + ':' + two(all % 60);
  }

  // The time left now: the last update's, less the time since it came (a paused
  // clock, or the last level, says the server's words as they are).
  function tournamentLeft() {
    const t = tournament;
    if (!t.running || t.left_ms === null) return t.left;
    return clockTime(t.left_ms - (performance.now() - tournamentAt));
  }

  // The tournament's panel, on a row of its own over the felt (page.css): the level
  // and its stakes, the time left, the next level, the players, the average stack,
  // the prize pool, and the store's silence when there is one.
  function drawTournament() {
    let box = document.getElementById('tournament');
    document.body.classList.toggle('tournament', !!tournament);
    if (!tournament) {
      if (box) box.remove();
      return;
    }
    if (!box) {
      box = el('section');
      box.id = 'tournament';
      document.getElementById('felt').before(box);
    }
    const t = tournament;
    const item = (cls, ...children) => {
      const e = el('div', 't-item ' + cls);
      e.append(...children.filter(Boolean));
      return e;
    };
    const parts = [
      item('t-' + t.kind, el('span', 't-period', t.period), t.stakes && el('span', 't-stakes', t.stakes)),
      item('t-clock', t.left && el('span', 't-time', tournamentLeft()), t.paused && el('span', 't-paused', t.paused)),
    ];
    if (t.next) parts.push(item('t-next', el('span', 't-label', t.next)));
    t.figures.forEach((f) => parts.push(item('t-figure', el('span', 't-label', f.label), el('span', 't-value', f.value))));
    if (t.stale) parts.push(item('t-stale', el('span', null, t.stale)));
    box.replaceChildren(...parts);
  }

  function tickTournament() {
    const time = document.querySelector('#tournament .t-time');
    if (!time || !tournament) return;
    const text = tournamentLeft();
    if (time.textContent !== text) time.textContent = text;
  }

  // Live, stale or lost: the page says which, in large type, within two seconds,
  // and a turn it can no longer vouch for is greyed out and not announced as live.
  function showLiveness(now) {
    const status = document.getElementById('status');
    const live = probe.connected && now - heard < STALE_AFTER_MS;
    probe.live = live;
    document.body.classList.toggle('stale', !live);
    if (live || !current) {
      status.hidden = true;
      status.replaceChildren();
      return;
    }
    const words = current.labels;
    const text = probe.connected ? words.stale : words.lost;
    if (status.textContent !== text) {
      status.replaceChildren(el('div', 'status-box', text || '⚠'));
    }
    status.hidden = false;
  }

  function connect() {
    const source = new EventSource('/events');
    source.onopen = () => { probe.connected = true; heard = Date.now(); showLiveness(heard); };
    source.onerror = () => {
      probe.connected = false;
      showLiveness(Date.now());
      // Lost, the browser reconnects by itself; refused, it gives up: ask again.
      if (source.readyState === EventSource.CLOSED) setTimeout(connect, RETRY_REFUSED_MS);
    };
    source.addEventListener('beat', () => { probe.beats += 1; heard = Date.now(); showLiveness(heard); });
    source.addEventListener('state', (e) => {
      heard = Date.now();
      const v = JSON.parse(e.data);
      // A restarted controller counts from 1 again: only the same run's older views are stale.
      if (!v.seq || (current && v.session === current.session && v.seq <= current.seq)) return;
      current = v;
      const started = performance.now();
      draw(v);
      probe.drawing.push(performance.now() - started);
      showLiveness(heard);
      probe.view = v;
      requestAnimationFrame(() => {
        probe.latencies.push(Date.now() - v.at_ms);
        probe.seq = v.seq;
      });
    });
    source.addEventListener('link', (e) => {
      heard = Date.now();
      link = JSON.parse(e.data);
      const old = document.querySelector('.d-link');
      if (old) old.replaceWith(linkLine());
    });
    // The tournament's panel (none at a cash table): its time ticks here between
    // updates, which come each second while the clock runs and none while it is
    // paused; the heartbeat, not this, says the page is live.
    source.addEventListener('tournament', (e) => {
      heard = Date.now();
      tournament = JSON.parse(e.data);
      tournamentAt = performance.now();
      probe.tournaments += 1;
      drawTournament();
    });
    source.addEventListener('equity', (e) => {
      heard = Date.now();
      equity = JSON.parse(e.data);
      drawEquity();
      layout();
    });
  }

  // A new screen size, or a turned screen: laid out again before it is drawn.
  new ResizeObserver(() => layout()).observe(document.getElementById('felt'));
  setInterval(() => { showLiveness(Date.now()); tickPanel(); tickTournament(); }, 250);
  connect();
})();
