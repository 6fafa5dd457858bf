// The shift test's recorder, run in every screen's page before the page's own
// script: see RECORDER in shift.rs, which puts `'use strict'` and MANY_POTS before it.
(() => {
  // `gaps`: what does not fit yet where more pots are out than the screens are laid
  // out for (MANY_POTS in shift.rs), said and not asserted.
  const rec = { marks: [], views: 0, showdowns: 0, problems: [], gaps: [], sessions: [] };
  window.__shift = rec;
  let many = false;
  const note = (p) => {
    const list = many ? rec.gaps : rec.problems;
    if (list.length < 40) list.push(p);
  };
  // On the screen: laid out, not hidden, inside the window.
  const onScreen = (e) => {
    if (!e || e.closest('[hidden]')) return false;
    const r = e.getBoundingClientRect();
    const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'
      && r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
  };
  // Read from two metres: at least 2.5% of the screen's height (page.css).
  const readable = (e) => parseFloat(getComputedStyle(e).fontSize) >= 0.025 * innerHeight - 0.5;
  // The deepest element under `box` whose text holds `text`, if it is on the screen,
  // its text not cut off by its own box and readable.
  const shown = (box, text) => {
    let deepest = null;
    for (const e of [box, ...box.querySelectorAll('*')]) {
      if (e.textContent.includes(text)) deepest = e;
    }
    return deepest && onScreen(deepest) && deepest.scrollWidth <= deepest.clientWidth + 1
      && readable(deepest) ? deepest : null;
  };
  function check(v) {
    rec.views += 1;
    many = v.pots.length > MANY_POTS;
    if (!rec.sessions.includes(v.session)) rec.sessions.push(v.session);
    const where = `seq ${v.seq} (${innerWidth}x${innerHeight})`;
    const boxes = [...document.querySelectorAll('#pots .pot')];
    v.pots.forEach((p, i) => {
      const box = boxes[i];
      if (!box || !onScreen(box)) return note(`${where}: pot ${i + 1} "${p.label}" is not on the screen`);
      // Its full name and amount, or on a bar too narrow for them its short one.
      if (!shown(box, p.amount_text || String(p.amount)) && !(p.short_text && shown(box, p.short_text))) note(`${where}: pot ${i + 1}'s amount is not shown`);
      if (p.eligible_text && !shown(box, p.eligible_text)) note(`${where}: pot ${i + 1}'s seats "${p.eligible_text}" are not shown`);
      // A winner is shown in his pot's own box, under its name and amount.
      p.winners.forEach((w) => { if (!shown(box, w)) note(`${where}: pot ${i + 1}'s winner "${w}" is not shown in its box`); });
    });
    if (v.results.length && !v.turn) {
      // A showdown: the pots name their winners, each in its pot's box (checked on
      // the screen above), whose amount line names the pot ("Side pot 1: 600").
      rec.showdowns += 1;
      if (!v.pots.some((p) => p.winners.length)) note(`${where}: a showdown whose pots name no winner`);
      v.pots.forEach((p, i) => {
        if (p.amount_text && !p.amount_text.startsWith(p.label)) note(`${where}: pot ${i + 1}'s box "${p.amount_text}" does not name its pot "${p.label}"`);
      });
    }
  }
  // The check's own proof (never a view with more pots than MANY_POTS): the view on the screen checked again with every pot's
  // lines hidden must be caught (null while no view has a pot with seats).
  rec.selfTest = () => {
    const v = window.__display && window.__display.view;
    if (!v || v.pots.length > MANY_POTS || !v.pots.some((p) => p.eligible_text)) return null;
    // (Through the CSS object model: the page's policy refuses a style element.)
    const lines = [...document.querySelectorAll('#pots .pot *')];
    lines.forEach((e) => e.style.setProperty('visibility', 'hidden', 'important'));
    const [views, showdowns, before] = [rec.views, rec.showdowns, rec.problems.length];
    check(v);
    const caught = rec.problems.splice(before);
    [rec.views, rec.showdowns] = [views, showdowns];
    lines.forEach((e) => e.style.removeProperty('visibility'));
    return caught.length > 0;
  };
  // Each view is checked at the first turn of the timers after the page drew it:
  // the page lays a view out as it draws it (page.js, draw), so the screen then is
  // that view's. Views that come faster than the timers turn are skipped, never
  // half-checked.
  let seen = null;
  function tick() {
    const d = window.__display;
    const v = d && d.view;
    if (v && v !== seen) { seen = v; check(v); }
    setTimeout(tick, 40);
  }
  document.addEventListener('DOMContentLoaded', () => {
    const status = document.getElementById('status');
    const mark = () => {
      const on = !status.hidden;
      const last = rec.marks[rec.marks.length - 1];
      if (!last || last[1] !== on) rec.marks.push([Date.now(), on, status.innerText]);
    };
    new MutationObserver(mark).observe(status, { attributes: true, childList: true, subtree: true });
    mark();
    tick();
  });
})();
