//! The layout checks the players' screen's browser tests share: what the page's
//! element boxes must show at every screen size (display_screens, and the tournament
//! panel's tests).

/// Runs in the page: every problem of the layout as it is now, as text (empty: none).
/// Boxes: the seats, the pots, the board, the total, the turn, the pots' and the idle
/// bar, the header and each of its words (title, limits, hand, round, banners), the
/// dealer's part, a tournament's panel. Each must be inside the screen and show all
/// of its content; no two seats may overlap, nor a seat and anything in the middle of the felt, nor two
/// pots. The key figures and the seat figures are measured against their floors,
/// and every text the page shows against the floor read from two metres: 2.5% of
/// the screen's height. Every pot's amount and seats must be in sight, inside the
/// screen and inside the box that would clip them.
pub const CHECK: &str = r#"(function (key, fig) {
  const W = window.innerWidth, H = window.innerHeight, out = [];
  const small = 0.025 * H;
  const name = (e) => e.id ? '#' + e.id : (e.className || e.tagName);
  const box = (e) => e.getBoundingClientRect();
  const shown = (e) => (e.offsetParent !== null || getComputedStyle(e).position === 'fixed')
    && getComputedStyle(e).visibility !== 'hidden' && !e.closest('[hidden]');
  const all = (sel) => Array.from(document.querySelectorAll(sel)).filter(shown);
  const inside = (e) => { const r = box(e);
    if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5)
      out.push(name(e) + ' off the screen: ' + [r.left, r.top, r.right, r.bottom].map(Math.round)); };
  const whole = (e) => {
    if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
      out.push(name(e) + ' cut off: ' + e.scrollWidth + 'x' + e.scrollHeight + ' in ' + e.clientWidth + 'x' + e.clientHeight
        + ' (' + Array.from(e.children).map((c) => name(c) + ' ' + Math.round(box(c).width) + 'x' + Math.round(box(c).height)).join(', ') + ')'); };
  const apart = (a, b) => { const p = box(a), q = box(b);
    if (p.left < q.right - 1 && q.left < p.right - 1 && p.top < q.bottom - 1 && q.top < p.bottom - 1)
      out.push(name(a) + ' overlaps ' + name(b)); };
  const size = (e, floor) => { const f = parseFloat(getComputedStyle(e).fontSize);
    if (f + 0.5 < floor) out.push(name(e) + ' "' + e.textContent + '" is ' + f.toFixed(1) + 'px, under ' + floor.toFixed(1)); };
  // Within every box on its way up that clips what overflows it.
  const unclipped = (e) => { const r = box(e);
    for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).overflow === 'visible') continue;
      const q = box(p);
      if (r.left < q.left - 1 || r.top < q.top - 1 || r.right > q.right + 1 || r.bottom > q.bottom + 1)
        out.push(name(e) + ' "' + e.textContent + '" clipped by ' + name(p));
    } };
  const seats = all('.seat');
  const middle = all('#center .pot, #board-row, #burns');
  seats.concat(middle, all('header, #turn, #idle, #pots, #dealer, .card, .figure, .pot, #tournament, #tournament .t-item')).forEach(inside);
  seats.concat(all('header, #title, #limits, #hand, #phase, .banner, #turn, #idle, #center, #dealer, #pots, .pot, .d-col, #tournament')).forEach(whole);
  // A tournament's panel covers nothing of the table: no seat, nothing in the middle
  // of the felt, not the header, the bar or the dealer's part.
  all('#tournament').forEach((t) => seats.concat(middle, all('header, #bar, #dealer')).forEach((e) => apart(t, e)));
  seats.forEach((a, i) => { seats.slice(i + 1).forEach((b) => apart(a, b)); middle.forEach((m) => apart(a, m)); });
  all('.pot').forEach((a, i, ps) => ps.slice(i + 1).forEach((b) => apart(a, b)));
  all('.figure-amount, .turn-label, .total-amount, .figure.check .figure-label').forEach((e) => size(e, key));
  all('.seat .stack, .seat:not(.empty) .card:not(.back), .pot-amount').forEach((e) => size(e, fig));
  // Every text in sight, however small its part.
  Array.from(document.body.querySelectorAll('*')).filter(shown)
    .filter((e) => Array.from(e.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim()))
    .forEach((e) => size(e, small));
  // Each pot: its amount and its seats in sight, never dropped (its name in full,
  // or in the bar's short form when two full names do not fit side by side).
  const pots = (window.__display.view || {}).pots || [];
  const said = all('.pot');
  const same = (a, b) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();
  pots.forEach((p, i) => {
    const b = said[i];
    if (!b) { out.push('pot ' + i + ' not shown'); return; }
    [['.pot-amount', [p.amount_text, p.short_text]], ['.pot-eligible', [p.eligible_text]]].forEach(([sel, texts]) => {
      const e = b.querySelector(sel);
      if (!e || !shown(e) || !texts.some((t) => same(e.innerText, t))) {
        out.push('pot ' + i + ': "' + texts[0] + '" not shown'); return; }
      inside(e); unclipped(e); });
    all('.pot-winner').filter((w) => b.contains(w)).forEach((w) => { inside(w); unclipped(w); });
  });
  return out;
})"#;

/// The floors of the key figures and the seats' figures at a screen of `w` x `h`
/// (page.css: `--key` and `--fig`).
pub fn floors(w: u32, h: u32) -> (f64, f64) {
    let (w, h) = (f64::from(w), f64::from(h));
    if h > w {
        ((0.026 * h).max(0.036 * w).max(30.0), (0.026 * h).max(18.0))
    } else {
        ((0.037 * h).max(38.0), (0.028 * h).max(18.0))
    }
}

/// Waits for the page to lay itself out again (after a resize or an update): two
/// frames later it is drawn.
pub fn settle(cdp: &mut super::Cdp) {
    cdp.call(
        "Runtime.evaluate",
        serde_json::json!({
            "expression": "new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))",
            "awaitPromise": true,
        }),
        true,
    );
}
