"""What a phone player meets, measured in the page (issue 16): the text on the board,
the touch targets, and whether each control is on the screen. Shared by the phone tests
(e2e/test_phone.py) and the figures (bench/touch_figures.py)."""

#: Text sizes on the board, the lit lines' hit areas where a finger aims (the best of
#: three points in the middle of each line), and every other control's box and whether
#: it is on the screen, in one pass over the page as it stands.
TOUCH_JS = """() => {
  const svg = [...document.querySelectorAll('#board svg.board')].find(s => s.getClientRects().length);
  const m = svg.getScreenCTM(), unit = m.a;
  const text = [...svg.querySelectorAll('text')].map(t => ({
    kind: t.getAttribute('class'), text: t.textContent,
    px: +(parseFloat(getComputedStyle(t).fontSize) * unit).toFixed(1)}));
  const act = (x, y) => document.elementFromPoint(x, y)?.closest('[data-act]')?.dataset.act;
  const reach = (el, x, y, dx, dy) => {  // pixels from (x, y) along (dx, dy) still el's act
    let s = 0;
    while (s < 200 && act(x + dx * (s + 1), y + dy * (s + 1)) === el.dataset.act) s++;
    return s;
  };
  const spot = (el, t) => {  // the hit area around the point at t (0-1) of the line
    const len = el.getTotalLength(), p = el.getPointAtLength(len * t);
    const q = el.getPointAtLength(Math.min(len, len * t + 1));
    const x = p.x * m.a + p.y * m.c + m.e, y = p.x * m.b + p.y * m.d + m.f;
    let tx = (q.x - p.x), ty = (q.y - p.y); const n = Math.hypot(tx, ty); tx /= n; ty /= n;
    const on = act(x, y) === el.dataset.act;
    const across = on ? reach(el, x, y, -ty, tx) + reach(el, x, y, ty, -tx) + 1 : 0;
    const along = on ? reach(el, x, y, tx, ty) + reach(el, x, y, -tx, -ty) + 1 : 0;
    return {line: el.dataset.line, at: t, across, along, px: Math.min(across, along)};
  };
  // Where a finger aims: the best spot of the middle of the line (two lines from one
  // island are closer at their middles than a finger is wide on a phone's board).
  const lines = [...svg.querySelectorAll('path.hit')].map(el =>
    [0.4, 0.5, 0.6].map(t => spot(el, t)).reduce((a, b) => b.px > a.px ? b : a));
  const controls = [...document.querySelectorAll('[data-act]')]
    .filter(el => !svg.contains(el) && el.getClientRects().length && !el.closest('[hidden]'))
    .map(el => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return {act: el.dataset.act, w: Math.round(r.width), h: Math.round(r.height),
              px: Math.round(Math.min(r.width, r.height)),
              onscreen: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5
                        && r.right <= innerWidth + 0.5 && !!hit && el.contains(hit)};
    });
  return {text, lines, controls, scrolls: document.documentElement.scrollHeight > innerHeight + 1};
}"""


#: Text that does not fit: an element whose content is wider than its box, or a page
#: wider than the screen (a 1 px box holds words for screen readers only).
OVERFLOW = """() => {
  const clipped = [...document.querySelectorAll(
      'button, a, h1, h2, .label, .prompt, .round, .player, .note, td, th')]
    .filter(el => el.offsetParent !== null && el.clientWidth > 1
                  && el.scrollWidth > el.clientWidth + 1)
    .map(el => el.textContent.trim());
  // The header's words under its buttons: the title or the round hidden by one of them
  // (the words' own box: a tip's wide touch area may pass under a button, web/style.css;
  // an embed on a phone keeps its title for screen readers only, in a 1 px box).
  const shown = sel => [...document.querySelectorAll(sel)]
    .filter(el => el.offsetParent !== null && el.getBoundingClientRect().width > 1);
  const words = shown('.bar h1, .bar .round > span').map(el => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return range.getBoundingClientRect();
  });
  const buttons = shown('.bar nav button, .bar nav a').map(el => el.getBoundingClientRect());
  const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const overlapped = words.some(a => buttons.some(b => meet(a, b)));
  return {clipped, overlapped, sideways: document.documentElement.scrollWidth > innerWidth};
}"""
