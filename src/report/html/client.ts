/**
 * The HTML report's script (inlined, allowed by a CSP hash). It reads the report from the inert
 * `<script type="application/json">` block and builds the page with DOM calls only: every string
 * from a trace or a test goes through `textContent` or a plain attribute (`title`, `class`,
 * `data-*`), never `innerHTML`, `href`, `src` or an event attribute. No network access of any kind.
 *
 * Kept as plain ES2020 in a string (no template placeholders, no backticks) so the page does not
 * depend on a bundler; `test/e2e/html-report.test.ts` runs it in Chromium.
 */
import { UNSAFE_SOURCES } from '../../io/terminal.js';

const SCRIPT = String.raw`
(function () {
  'use strict';
  var SVGNS = 'http://www.w3.org/2000/svg';
  var PAGE = 50;
  var report = JSON.parse(document.getElementById('envtrace-data').textContent);

  // ESCAPER START
  // The terminal escaper's characters (src/io/terminal.ts, one source: its patterns are put in
  // here): control, format (bidi overrides, zero-width), default-ignorable characters, lone
  // surrogates, line separators. Untrusted text shows each as a visible escape (\u202e) in a
  // span of class esc, so no value can reverse or hide the page's own text.
  var UNSAFE = new RegExp(__UNSAFE__, 'gu');
  var EMOJI = new RegExp(__EMOJI__, 'u');
  var SCRIPT_LETTER = new RegExp(__SCRIPT_LETTER__, 'u');
  function cpBefore(s, at) { var lo = s.charCodeAt(at - 1); return lo >= 0xdc00 && lo <= 0xdfff && at >= 2 ? s.slice(at - 2, at) : s.slice(at - 1, at); }
  function cpAfter(s, at) { var c = s.codePointAt(at); return String.fromCodePoint(c === undefined ? 0x20 : c); }
  // ZWJ inside an emoji sequence, VS15/VS16 after an emoji or keycap base, ZWNJ between letters.
  function neededAt(ch, at, s) {
    var prev;
    if (ch === '\u200d') {
      prev = cpBefore(s, at);
      if (prev === '\ufe0f' || /[\u{1f3fb}-\u{1f3ff}]/u.test(prev)) prev = cpBefore(s, at - prev.length);
      return EMOJI.test(prev) && EMOJI.test(cpAfter(s, at + 1));
    }
    if (ch === '\ufe0e' || ch === '\ufe0f') { prev = cpBefore(s, at); return EMOJI.test(prev) || /^[#*0-9]$/.test(prev); }
    if (ch === '\u200c') return SCRIPT_LETTER.test(cpBefore(s, at)) && SCRIPT_LETTER.test(cpAfter(s, at + 1));
    return false;
  }
  function escapeOne(ch) {
    if (ch === '\n') return '\\n';
    if (ch === '\r') return '\\r';
    if (ch === '\t') return '\\t';
    var code = ch.codePointAt(0);
    var h = code.toString(16);
    return code < 0x100 ? '\\x' + h.padStart(2, '0') : code < 0x10000 ? '\\u' + h.padStart(4, '0') : '\\u{' + h.padStart(5, '0') + '}';
  }
  // Text split into plain runs (even entries) and escapes of unsafe characters (odd entries).
  function textParts(s) {
    var parts = [];
    var last = 0;
    s.replace(UNSAFE, function (ch, at) {
      if (neededAt(ch, at, s)) return ch;
      parts.push(s.slice(last, at), escapeOne(ch));
      last = at + ch.length;
      return ch;
    });
    parts.push(s.slice(last));
    return parts;
  }
  // For an attribute (a tooltip) or SVG text: the escapes inline, as the terminal shows them.
  function visibleText(s) { return textParts(String(s)).join(''); }
  function setText(e, s) {
    var parts = textParts(String(s));
    if (parts.length === 1) { e.textContent = parts[0]; return; }
    e.textContent = '';
    parts.forEach(function (p, i) {
      if (i % 2 === 0) { if (p) e.appendChild(document.createTextNode(p)); return; }
      var span = document.createElement('span');
      span.className = 'esc';
      span.textContent = p;
      e.appendChild(span);
    });
  }
  // ESCAPER END

  function el(tag, attrs, kids) {
    var e = document.createElement(tag);
    if (attrs) for (var k in attrs) {
      if (!Object.prototype.hasOwnProperty.call(attrs, k) || attrs[k] === undefined || attrs[k] === null) continue;
      if (k === 'text') setText(e, attrs[k]);
      else if (k === 'class') e.className = attrs[k];
      else if (k === 'title' || k === 'aria-label') e.setAttribute(k, visibleText(attrs[k]));
      else e.setAttribute(k, String(attrs[k]));
    }
    (kids || []).forEach(function (c) {
      if (c === null || c === undefined) return;
      if (typeof c !== 'string') { e.appendChild(c); return; }
      var s = document.createElement('span');
      setText(s, c);
      e.appendChild(s);
    });
    return e;
  }
  function sv(tag, attrs) {
    // A shape with a coordinate that is not finite would draw garbage: an empty group instead.
    for (var j in attrs) if (Object.prototype.hasOwnProperty.call(attrs, j) && typeof attrs[j] === 'number' && !isFinite(attrs[j])) return document.createElementNS(SVGNS, 'g');
    var e = document.createElementNS(SVGNS, tag);
    for (var k in attrs) if (Object.prototype.hasOwnProperty.call(attrs, k)) {
      if (k === 'text') e.textContent = visibleText(attrs[k]); else e.setAttribute(k, String(attrs[k]));
    }
    return e;
  }
  function fmt(x, d) { return typeof x === 'number' && isFinite(x) ? x.toFixed(d === undefined ? 3 : d) : '\u2014'; }
  function num4(x) { return typeof x === 'number' && isFinite(x) ? String(Number(x.toPrecision(4))) : '\u2014'; }
  function signedNum(x) { var t = num4(x); return typeof x === 'number' && isFinite(x) && x > 0 ? '+' + t : t; }
  function plural(n, word, many) { return n + ' ' + (n === 1 ? word : many || word + 's'); }
  function pct(x) { return typeof x === 'number' && isFinite(x) ? (100 * x).toFixed(1) + '%' : '\u2014'; }
  function ci(iv, f) { return iv ? '95% CI ' + f(iv[0]) + ' \u2013 ' + f(iv[1]) : 'no interval (too few samples)'; }
  // Samples of the pass rate: not negated, not a missing golden. Scores: samples whose golden was
  // compared (not written or updated by this run); a test of .not checks only shows theirs.
  function samplesOf(t) { return t.records.filter(function (r) { return !r.negated && r.golden_status !== 'missing'; }); }
  function bookkeeping(r) { return r.golden_status === 'missing' || r.golden_status === 'written' || r.golden_status === 'updated'; }
  function scoredOf(t) {
    if (t.records.length && t.records.every(function (r) { return r.negated; })) return t.records.filter(function (r) { return r.matcher !== 'toFollowTrajectory'; });
    return t.records.filter(function (r) { return !r.negated && !bookkeeping(r) && r.matcher !== 'toFollowTrajectory'; });
  }
  function meanOf(xs) { var v = xs.filter(function (x) { return typeof x === 'number' && isFinite(x); }); return v.length ? v.reduce(function (a, b) { return a + b; }, 0) / v.length : null; }
  // A metric the check did not measure carries why (not_measured, set where the check's mode
  // says so: the default mode); its score is then a stand-in, shown as not measured, not as 0.
  // A metric measured only in part (channels_not_measured: some of its channels were not) shows
  // its score, the mean with their stand-ins, and which channels those are.
  function metricScoreCell(m) {
    if (typeof m.not_measured === 'string')
      return el('td', { class: 'unmeasured', 'data-testid': 'not-measured', text: 'not measured (' + m.not_measured + ')' });
    if (m.channels_not_measured)
      return el('td', { class: 'num partly', 'data-testid': 'partly-measured', text: fmt(m.score) + ' (' + channelsNote(m.channels_not_measured) + ')' });
    return el('td', { class: 'num', text: fmt(m.score) });
  }
  // The words of src/report/run/unmeasured.ts (channelsNotMeasuredNote; a unit test keeps them equal):
  // '1 of 2 channels not measured: stage:rh (one empty)'.
  function channelsNote(c) {
    var named = c.channels.map(function (x) { return x.channel + ' (' + x.reason + ')'; });
    if (c.channels.length < c.count) named.push('\u2026');
    return c.count + ' of ' + c.total + ' channel' + (c.total === 1 ? '' : 's') + ' not measured: ' + named.join(', ');
  }
  // The reason when no record that has the metric measured it (the first record's), else null.
  function notMeasuredOf(records, name) {
    var has = records.filter(function (r) { return r.metrics[name]; });
    if (!has.length || !has.every(function (r) { return typeof r.metrics[name].not_measured === 'string'; })) return null;
    return has[0].metrics[name].not_measured;
  }
  // What the records (some of which measured the metric) did not measure, distinct texts in
  // record order, as testFigures' partlyMeasured: their mean holds stand-ins. Empty when none.
  function partlyOf(records, name) {
    var has = records.filter(function (r) { return r.metrics[name]; }), notes = [], reasons = [];
    function add(t) { if (notes.indexOf(t) < 0) notes.push(t); }
    var whole = has.filter(function (r) { return typeof r.metrics[name].not_measured === 'string'; });
    if (whole.length === has.length) return [];
    has.forEach(function (r) { if (r.metrics[name].channels_not_measured) add(channelsNote(r.metrics[name].channels_not_measured)); });
    whole.forEach(function (r) { if (reasons.indexOf(r.metrics[name].not_measured) < 0) reasons.push(r.metrics[name].not_measured); });
    if (whole.length) add('not measured in ' + whole.length + ' of ' + has.length + ' checks (' + reasons.join('; ') + ')');
    return notes;
  }
  function comb(n, k) { if (k < 0 || k > n) return 0; var r = 1; for (var i = 1; i <= k; i++) r = r * (n - k + i) / i; return r; }

  // ---- Header, verdict, cards -------------------------------------------------------------
  var s = report.summary, meta = report.meta;
  var root = document.getElementById('app');
  root.appendChild(el('h1', { text: 'envtrace run report' }));
  var metaBits = [meta.runner.name + (meta.runner.version ? ' ' + meta.runner.version : ''), 'envtrace ' + meta.envtrace_version, meta.created_at];
  if (meta.git_commit) metaBits.push('commit ' + meta.git_commit.slice(0, 12));
  if (meta.shard) metaBits.push('shard ' + meta.shard.index + '/' + meta.shard.count);
  if (meta.merged_from) metaBits.push('merged from ' + meta.merged_from.length + ' reports');
  root.appendChild(el('p', { class: 'meta', 'data-testid': 'meta', text: metaBits.join(' \u00b7 ') }));

  var failedTests = s.tests.failed, gates = s.gates;
  var testsText = failedTests > 0 ? 'Tests FAILED: ' + failedTests + ' of ' + s.tests.total + ' failed'
    : 'Tests passed: ' + s.tests.passed + ' of ' + s.tests.total + (s.tests.skipped ? ' (' + s.tests.skipped + ' skipped)' : '');
  var gatesText = gates.results.length === 0 ? 'No gates configured'
    : gates.passed ? 'Gates met (' + gates.results.length + ')' : 'Gates MISSED: ' + gates.results.filter(function (g) { return !g.passed; }).map(function (g) { return g.message; }).join('; ');
  root.appendChild(el('div', { class: 'verdict' }, [
    el('span', { class: 'badge ' + (failedTests > 0 ? 'bad' : 'ok'), 'data-testid': 'verdict-tests', text: testsText }),
    el('span', { class: 'badge ' + (gates.passed ? 'ok' : 'bad'), 'data-testid': 'verdict-gates', text: gatesText })
  ]));

  function card(title, big, sub, id) {
    return el('div', { class: 'card' }, [el('div', { class: 'sub', text: title }), el('div', { class: 'big', 'data-testid': id, text: big }), el('div', { class: 'sub', text: sub })]);
  }
  root.appendChild(el('div', { class: 'cards' }, [
    card('Pass rate (samples)', pct(s.pass_rate.rate), s.pass_rate.passed + ' of ' + s.pass_rate.n + ' \u00b7 ' + ci(s.pass_rate.ci95, pct), 'pass-rate'),
    card('Mean full score', fmt(s.score.mean), 'n = ' + s.score.n + (s.score.nan_count ? ' (+' + s.score.nan_count + ' not finite)' : '') + ' \u00b7 ' + ci(s.score.ci95, fmt), 'mean-score'),
    card('Tests', String(s.tests.total), s.tests.passed + ' passed \u00b7 ' + s.tests.failed + ' failed \u00b7 ' + s.tests.skipped + ' skipped', 'tests-total'),
    card('Checks', String(s.records.total), plural(s.records.samples, 'sample') + ' \u00b7 ' + s.records.negated + ' negated', 'checks-total'),
    s.trajectory ? card('Trajectories passed', pct(s.trajectory.rate), s.trajectory.passed + ' of ' + s.trajectory.checks + ' \u00b7 ' + corpusText(s.trajectory.distance), 'trajectory') : null
  ]));
  // The config entries no check used (summary.config_warnings), said once each, as the console
  // summary does; each message is set as text (the entry and hint are the user's), never as HTML.
  function configWarningsView(list) {
    if (!list.length) return null;
    return el('section', { 'data-testid': 'config-warnings' }, [
      el('h2', { text: 'Config warnings' }),
      el('ul', null, list.map(function (w) { return el('li', { class: 'errors', text: w.message }); }))
    ]);
  }
  // Corpus distance = total raw distance / total max (never a mean of ratios).
  function corpusText(d) {
    if (!d) return 'no distance computed';
    return 'corpus distance ' + (d.ratio === null ? '\u2014' : fmt(d.ratio, 4)) + ' (' + fmt(d.distance, 2) + ' / ' + fmt(d.max, 2) + ' over ' + d.checks + ')';
  }
  var fileErrors = report.files.filter(function (f) { return f.errors.length > 0; });
  if (fileErrors.length) {
    root.appendChild(el('h2', { text: 'File errors' }));
    fileErrors.forEach(function (f) { root.appendChild(el('div', { class: 'errors' }, [el('strong', { text: f.file + ': ' }), f.errors.join('\n')])); });
  }

  var configWarnings = configWarningsView(s.config_warnings || []);
  if (configWarnings) root.appendChild(configWarnings);
  // Filled once the tests' rows exist (below); placed here, right under the verdict.
  var failuresBox = el('section', { 'data-testid': 'failures' });
  root.appendChild(failuresBox);

  // ---- Baseline: the envtrace compare result, embedded by envtrace report --baseline ----------
  var baselineBlock = document.getElementById('envtrace-baseline');
  if (baselineBlock) root.appendChild(baselineView(JSON.parse(baselineBlock.textContent)));
  function baselineView(b) {
    var c = b.comparison;
    var box = el('section', { 'data-testid': 'baseline' });
    box.appendChild(el('h2', { text: 'Compared with the baseline ' + b.label }));
    box.appendChild(el('div', { class: 'verdict' }, [
      el('span', { class: 'badge ' + (c.regressed ? 'bad' : 'ok'), 'data-testid': 'baseline-verdict', text: c.regressed ? 'REGRESSED' : 'OK: no regression' }),
      el('span', { class: 'badge', text: plural(c.newFailures, 'new failure') + ' \u00b7 ' + c.fixed + ' fixed' })
    ]));
    box.appendChild(el('p', { 'data-testid': 'baseline-counts', text: b.counts_text }));
    box.appendChild(el('p', { class: 'meta', 'data-testid': 'baseline-paired', text: b.paired_text }));
    box.appendChild(el('p', { class: 'meta', text: 'mean score ' + fmt(c.meanScore.baseline, 4) + ' \u2192 ' + fmt(c.meanScore.current, 4) + ' \u00b7 pass rate ' + pct(c.passRate.baseline) + ' \u2192 ' + pct(c.passRate.current) }));
    var wrap = el('div', { class: 'rows' });
    var t = el('table', { 'data-testid': 'baseline-table' });
    t.appendChild(el('tr', null, ['change', 'file', 'test', 'baseline score', 'score', '\u0394 score', 'status'].map(function (h, i) { return el('th', { class: i >= 3 && i <= 5 ? 'num' : '', text: h }); })));
    c.rows.forEach(function (r) {
      var bad = r.kind === 'new_failure' || r.kind === 'regression', good = r.kind === 'fixed' || r.kind === 'improvement';
      t.appendChild(el('tr', { 'data-kind': r.kind }, [
        el('td', { class: bad ? 'delta-bad' : good ? 'delta-good' : 'muted', text: r.label }),
        el('td', { text: r.file }), el('td', { class: 'name', text: r.name }),
        el('td', { class: 'num', text: fmt(r.baseline ? r.baseline.score : null, 4) }),
        el('td', { class: 'num', text: fmt(r.current ? r.current.score : null, 4) }),
        el('td', { class: 'num' + (r.delta !== null && r.delta < -c.tolerance ? ' delta-bad' : r.delta !== null && r.delta > c.tolerance ? ' delta-good' : ''), text: r.delta_text }),
        el('td', { text: (r.baseline ? r.baseline.status : '\u2014') + ' \u2192 ' + (r.current ? r.current.status : '\u2014') })
      ]));
    });
    wrap.appendChild(t); box.appendChild(wrap);
    return box;
  }

  // ---- Histogram of full scores ------------------------------------------------------------
  var scores = [];
  // toFollowTrajectory calls have no full score (they count in the pass rate only).
  report.tests.forEach(function (t) { t.records.forEach(function (r) { if (!r.negated && !bookkeeping(r) && r.matcher !== 'toFollowTrajectory') scores.push(r.full_score); }); });
  root.appendChild(el('h2', { text: 'Full scores' }));
  root.appendChild(histogram(scores));

  // A step of 1, 2, 2.5 or 5 times a power of ten, at least x (at least 0.001: scores show 3 digits).
  function niceStep(x) {
    if (!(x > 0.001)) return 0.001;
    // Ratios within 1e-9 of a round step are that step (0.05 / 10 is 0.005000000000000001).
    var p = Math.pow(10, Math.floor(Math.log(x) / Math.LN10 + 1e-9)), m = x / p - 1e-9;
    return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 2.5 ? 2.5 : m <= 5 ? 5 : 10) * p;
  }
  function decimals(step) { var d = 0; while (d < 6 && Math.abs(Math.round(step * Math.pow(10, d)) - step * Math.pow(10, d)) > 1e-9) d++; return d; }
  // Bins that follow the data: scores cluster near 1, so equal bins over [0, 1] would put nearly
  // all of them in one bar. The range is zoomed to [5th percentile, max] in about 10 bins of a
  // round width (edges labelled); the few scores below the zoomed range share one "below" bar.
  // Scores spread over [0, 1] get the plain 0.1 bins.
  function histBins(xs) {
    var v = [], nan = 0;
    xs.forEach(function (x) { if (typeof x === 'number' && isFinite(x)) v.push(Math.min(Math.max(x, 0), 1)); else nan++; });
    v.sort(function (a, b) { return a - b; });
    if (!v.length) return { lo: 0, step: 0.1, counts: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0], below: 0, nan: nan, digits: 1 };
    var q = v[Math.floor(0.05 * (v.length - 1))], hi = v[v.length - 1];
    var step = niceStep((hi - q) / 10);
    var digits = decimals(step);
    var lo = Math.max(0, +Math.min(Math.floor(q / step + 1e-9) * step, 1 - step).toFixed(digits));
    var n = Math.max(1, Math.ceil((hi - lo) / step - 1e-9));
    var counts = [], below = 0, i;
    for (i = 0; i < n; i++) counts.push(0);
    v.forEach(function (x) {
      if (x < lo - 1e-12) { below++; return; }
      var b = Math.floor((x - lo) / step + 1e-9); counts[b >= n ? n - 1 : b]++;
    });
    return { lo: lo, step: step, counts: counts, below: below, nan: nan, digits: digits };
  }
  function histogram(xs) {
    var h = histBins(xs), W = 560, H = 180, L = 34, B = 40;
    var bars = h.counts.length + (h.below ? 1 : 0);
    var max = Math.max.apply(null, h.counts.concat([h.below, 1]));
    var edge = function (k) { return (h.lo + k * h.step).toFixed(h.digits); };
    var g = sv('svg', { class: 'plot', width: W, height: H, viewBox: '0 0 ' + W + ' ' + H, role: 'img', 'data-testid': 'histogram',
      'data-lo': edge(0), 'data-step': h.step, 'data-bins': h.counts.length, 'aria-label': 'histogram of full scores' });
    g.appendChild(sv('line', { class: 'axis', x1: L, y1: H - B, x2: W - 6, y2: H - B }));
    var bw = (W - L - 10) / bars, x0 = L;
    function bar(c, x, label, lo, hi) {
      var hh = (H - B - 26) * c / max;
      var r = sv('rect', { class: 'bar', x: x + 1, y: H - B - hh, width: bw - 2, height: hh, 'data-count': c, 'data-lo': lo, 'data-hi': hi });
      r.appendChild(sv('title', { text: label + ': ' + c }));
      g.appendChild(r);
      if (c) g.appendChild(sv('text', { x: x + bw / 2, y: H - B - hh - 3, 'text-anchor': 'middle', text: c }));
    }
    if (h.below) {
      bar(h.below, x0, 'below ' + edge(0), 0, edge(0));
      g.appendChild(sv('text', { x: x0 + bw / 2, y: H - B + 14, 'text-anchor': 'middle', text: '< ' + edge(0) }));
      x0 += bw;
    }
    var every = h.counts.length > 12 ? 2 : 1;
    h.counts.forEach(function (c, k) {
      bar(c, x0 + k * bw, edge(k) + '\u2013' + edge(k + 1), edge(k), edge(k + 1));
    });
    // The last edge sits 10 px from the right border: centred there, a label of 5 or more
    // characters (0.999) would be cut off, so it ends at its tick instead.
    for (var k = 0; k <= h.counts.length; k++) if (k % every === 0 || k === h.counts.length)
      g.appendChild(sv('text', { class: 'muted', x: x0 + k * bw, y: H - B + 14, 'text-anchor': k === h.counts.length ? 'end' : 'middle', text: edge(k) }));
    var zoomed = h.lo > 0 || h.step < 0.1;
    g.appendChild(sv('text', { x: L, y: H - 8, 'data-testid': 'histogram-caption', text: 'full score, bins of ' + h.step.toFixed(h.digits) + ' from ' + edge(0) + ' to ' + edge(h.counts.length) +
      (zoomed ? ' (zoomed to the scores' + (h.below ? '; ' + h.below + ' below ' + edge(0) + ' in the first bar' : '') + ')' : '') + (h.nan ? ' \u00b7 ' + h.nan + ' not finite' : '') }));
    return g;
  }

  // ---- Tests table -------------------------------------------------------------------------
  var metricNames = [];
  report.tests.forEach(function (t) { t.records.forEach(function (r) { Object.keys(r.metrics).forEach(function (m) { if (metricNames.indexOf(m) < 0) metricNames.push(m); }); }); });
  var ks = report.config.k.slice().sort(function (a, b) { return a - b; });
  var rows = report.tests.map(function (t, i) {
    var smp = samplesOf(t), c = smp.filter(function (r) { return r.pass; }).length, n = smp.length, sco = scoredOf(t);
    var k = null; ks.forEach(function (kk) { if (n >= kk && kk > 1) k = kk; });
    var m = {}, unm = {}, part = {};
    metricNames.forEach(function (name) {
      m[name] = meanOf(sco.map(function (r) { return r.metrics[name] ? r.metrics[name].score : null; }));
      var why = notMeasuredOf(sco, name);
      if (why !== null) unm[name] = why;
      var notes = partlyOf(sco, name);
      if (notes.length) part[name] = notes;
    });
    var tv = [];
    smp.forEach(function (r) { (r.trajectory || []).forEach(function (v) { tv.push(v); }); });
    var tp = tv.filter(function (v) { return v.pass; }).length;
    return { i: i, t: t, status: t.status, file: t.file, name: t.name, score: meanOf(sco.map(function (r) { return r.full_score; })),
      metrics: m, unmeasured: unm, partly: part, samples: n, passed: c, k: k, passAtK: k ? 1 - comb(n - c, k) / comb(n, k) : null,
      trajChecks: tv.length, trajPassed: tp, trajRate: tv.length ? tp / tv.length : null };
  });
  var anyTrajectory = rows.some(function (r) { return r.trajChecks > 0; });
  var columns = [
    { key: 'status', label: 'Status', get: function (r) { return r.status; } },
    { key: 'file', label: 'File', get: function (r) { return r.file; } },
    { key: 'name', label: 'Test', get: function (r) { return r.name; } },
    { key: 'score', label: 'Score', num: true, get: function (r) { return r.score; } }
  ].concat(metricNames.map(function (name) { return { key: 'm:' + name, metric: name, label: name, num: true, get: function (r) { return r.metrics[name]; } }; }))
   .concat(anyTrajectory ? [{ key: 'trajectory', label: 'Trajectory', num: true, get: function (r) { return r.trajRate; } }] : [])
   .concat([{ key: 'samples', label: 'Samples', num: true, get: function (r) { return r.samples; } },
            { key: 'passAtK', label: 'pass@k', num: true, get: function (r) { return r.passAtK; } }]);

  root.appendChild(el('h2', { text: 'Tests' }));
  var filterInput = el('input', { type: 'search', placeholder: 'filter by file or name', 'aria-label': 'filter tests', 'data-testid': 'filter' });
  var statusSelect = el('select', { 'aria-label': 'status', 'data-testid': 'status-filter' }, ['all', 'failed', 'passed', 'skipped'].map(function (v) { return el('option', { value: v, text: v }); }));
  var prev = el('button', { type: 'button', text: '\u2190 prev', 'data-testid': 'prev' });
  var next = el('button', { type: 'button', text: 'next \u2192', 'data-testid': 'next' });
  var pageInfo = el('span', { class: 'muted', 'data-testid': 'page-info' });
  var worstButton = el('button', { type: 'button', text: 'sort worst first', 'data-testid': 'sort-worst' });
  root.appendChild(el('div', { class: 'controls' }, [filterInput, statusSelect, worstButton, prev, pageInfo, next]));
  var table = el('table', { 'data-testid': 'tests' });
  var headRow = el('tr');
  // Default order: worst first (failed tests, then passed, then skipped; lowest score first
  // within each, an unscored failed test before any scored one), then file and name.
  var sortKey = 'worst', sortDir = 1, page = 0;
  columns.forEach(function (c) {
    var th = el('th', { class: 'sortable' + (c.num ? ' num' : ''), scope: 'col', 'data-key': c.key, 'aria-sort': 'none', text: c.label });
    th.addEventListener('click', function () {
      if (sortKey === c.key) sortDir = -sortDir; else { sortKey = c.key; sortDir = 1; }
      Array.prototype.forEach.call(headRow.children, function (h) { h.setAttribute('aria-sort', h.getAttribute('data-key') === sortKey ? (sortDir > 0 ? 'ascending' : 'descending') : 'none'); });
      page = 0; draw();
    });
    headRow.appendChild(th);
  });
  worstButton.addEventListener('click', function () {
    sortKey = 'worst'; sortDir = 1;
    Array.prototype.forEach.call(headRow.children, function (h) { h.setAttribute('aria-sort', 'none'); });
    page = 0; draw();
  });
  var tbody = el('tbody');
  table.appendChild(el('thead', null, [headRow])); table.appendChild(tbody);
  root.appendChild(table);
  if (rows.some(function (r) { return Object.keys(r.partly).length > 0; }))
    root.appendChild(el('p', { class: 'muted', 'data-testid': 'partly-note', text: '* partly measured: the mean holds stand-in scores for what was not measured (hover the cell for which; the test\u2019s checks name them)' }));
  var detail = el('section', { class: 'detail', 'data-testid': 'detail', hidden: 'hidden' });
  root.appendChild(detail);

  function cmp(a, b) {
    if (a === b) return 0;
    if (a === null || a === undefined) return 1; if (b === null || b === undefined) return -1;
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    return String(a).localeCompare(String(b));
  }
  var STATUS_RANK = { failed: 0, passed: 1, skipped: 2 };
  function worstFirst(a, b) {
    var d = STATUS_RANK[a.status] - STATUS_RANK[b.status];
    if (d) return d;
    var na = a.score === null, nb = b.score === null;
    if (na !== nb) return (na ? -1 : 1) * (a.status === 'failed' ? 1 : -1);
    return (na ? 0 : a.score - b.score) || a.i - b.i;
  }
  function visible() {
    var q = filterInput.value.toLowerCase(), st = statusSelect.value;
    var out = rows.filter(function (r) { return (st === 'all' || r.status === st) && (!q || r.file.toLowerCase().indexOf(q) >= 0 || r.name.toLowerCase().indexOf(q) >= 0); });
    if (sortKey === 'worst') out.sort(worstFirst);
    else if (sortKey) {
      var col = columns.filter(function (c) { return c.key === sortKey; })[0];
      out.sort(function (a, b) { var va = col.get(a), vb = col.get(b); var d = cmp(va, vb); if (va === null || va === undefined || vb === null || vb === undefined) return d; return d * sortDir || a.i - b.i; });
    }
    return out;
  }
  function draw() {
    var v = visible(), pages = Math.max(1, Math.ceil(v.length / PAGE));
    if (page >= pages) page = pages - 1;
    while (tbody.firstChild) tbody.removeChild(tbody.firstChild);
    v.slice(page * PAGE, page * PAGE + PAGE).forEach(function (r) {
      var tr = el('tr', { 'data-index': r.i });
      columns.forEach(function (c) {
        var x = c.get(r), td;
        if (c.key === 'status') td = el('td', { class: 'status-' + r.status, text: r.status });
        else if (c.key === 'name') {
          var b = el('button', { type: 'button', class: 'linkish name', text: r.name, 'data-testid': 'open-test' });
          b.addEventListener('click', function () { openTest(r); });
          td = el('td', null, [b]);
        } else if (c.key === 'passAtK') td = el('td', { class: 'num', text: r.k ? 'pass@' + r.k + ' ' + fmt(x, 2) : '\u2014', title: r.k ? r.passed + ' of ' + r.samples + ' samples passed' : 'fewer than 2 samples' });
        else if (c.key === 'samples') td = samplesCell(r);
        else if (c.key === 'trajectory') td = el('td', { class: 'num', 'data-testid': 'trajectory-cell', text: r.trajChecks ? r.trajPassed + '/' + r.trajChecks : '\u2014' });
        else if (c.metric !== undefined && Object.prototype.hasOwnProperty.call(r.unmeasured, c.metric)) td = el('td', { class: 'unmeasured', 'data-testid': 'not-measured', text: 'not measured', title: r.unmeasured[c.metric] });
        else if (c.metric !== undefined && Object.prototype.hasOwnProperty.call(r.partly, c.metric)) td = el('td', { class: 'num partly', 'data-testid': 'partly-measured', text: fmt(x) + '*', title: 'partly measured, stand-ins in the mean: ' + r.partly[c.metric].join('; ') });
        else td = el('td', { class: c.num ? 'num' : '', text: c.num ? fmt(x) : String(x) });
        tr.appendChild(td);
      });
      tbody.appendChild(tr);
    });
    pageInfo.textContent = 'page ' + (page + 1) + ' of ' + pages + ' \u00b7 ' + plural(v.length, 'test');
    worstButton.disabled = sortKey === 'worst';
    worstButton.textContent = sortKey === 'worst' ? 'sorted worst first' : 'sort worst first';
    prev.disabled = page === 0; next.disabled = page >= pages - 1;
  }
  // Passed samples of the test out of its samples; a test without any says why instead of 0/0.
  function samplesCell(r) {
    if (r.samples) return el('td', { class: 'num', text: r.passed + '/' + r.samples });
    var negated = r.t.records.length > 0 && r.t.records.every(function (x) { return x.negated; });
    return el('td', { class: 'num muted', 'data-testid': 'no-samples', text: negated ? '.not only' : '\u2014',
      title: negated ? 'only .not checks: they assert a difference and are not samples' : r.t.records.length ? 'no sample: every check\u2019s golden was missing' : 'no envtrace check ran in this test' });
  }
  // ---- Failing checks: the sentence the matcher printed and where the check is, worst first ----
  var MAX_FAILURES = 100;
  function failures() {
    var list = [];
    rows.slice().sort(worstFirst).forEach(function (r) {
      r.t.records.forEach(function (rec, n) { if (!rec.pass) list.push({ r: r, rec: rec, n: n }); });
    });
    if (!list.length) return;
    failuresBox.appendChild(el('h2', { text: 'Failing checks (' + list.length + ')' }));
    var ul = el('ul', { class: 'failures' });
    list.slice(0, MAX_FAILURES).forEach(function (f) {
      var rec = f.rec, t = f.r.t;
      var where = t.file + (rec.location ? ':' + rec.location.line : '');
      var open = el('button', { type: 'button', class: 'linkish name', text: t.name, 'data-testid': 'failure-test' });
      open.addEventListener('click', function () { openTest(f.r); });
      var about = 'check ' + (f.n + 1) + ' \u00b7 ' + rec.matcher + (rec.negated ? ' (.not)' : '') +
        (rec.matcher === 'toFollowTrajectory' ? '' : ' \u00b7 score ' + fmt(rec.full_score)) + (t.status === 'failed' ? '' : ' \u00b7 the test ' + t.status);
      ul.appendChild(el('li', { 'data-testid': 'failure', 'data-index': f.r.i }, [
        el('div', null, [el('code', { class: 'where', 'data-testid': 'failure-where', text: where }), ' ', open, el('span', { class: 'muted', text: ' \u00b7 ' + about })]),
        rec.failure ? el('div', { class: 'sentence', 'data-testid': 'failure-sentence', text: rec.failure })
          : el('div', { class: 'muted', 'data-testid': 'failure-sentence', text: 'This record carries no failure sentence (written by an older envtrace).' })
      ]));
    });
    failuresBox.appendChild(ul);
    if (list.length > MAX_FAILURES) failuresBox.appendChild(el('p', { class: 'muted', text: '\u2026 and ' + (list.length - MAX_FAILURES) + ' more failing checks: filter the tests by status failed.' }));
  }
  failures();

  filterInput.addEventListener('input', function () { page = 0; draw(); });
  statusSelect.addEventListener('change', function () { page = 0; draw(); });
  prev.addEventListener('click', function () { page--; draw(); });
  next.addEventListener('click', function () { page++; draw(); });
  draw();

  // ---- Drill-down --------------------------------------------------------------------------
  var detailFile = '';
  function openTest(r) {
    while (detail.firstChild) detail.removeChild(detail.firstChild);
    detail.hidden = false;
    var t = r.t;
    detailFile = t.file;
    detail.appendChild(el('h2', { 'data-testid': 'detail-title', text: t.name }));
    detail.appendChild(el('p', { class: 'meta', text: t.file + ' \u00b7 ' + t.status + ' \u00b7 ' + t.attempts + (t.attempts === 1 ? ' attempt' : ' attempts') + (t.duration_ms !== null ? ' \u00b7 ' + Math.round(t.duration_ms) + ' ms' : '') }));
    if (!t.records.length) detail.appendChild(el('p', { class: 'muted', text: 'No envtrace check ran in this test.' }));
    t.records.forEach(function (rec, n) { detail.appendChild(check(rec, n)); });
    detail.scrollIntoView();
  }

  // What a listed trajectory call returned, when its record says, after an arrow (as text); a
  // failed call says it returned an error.
  function returned(c) {
    var verb = c.result_status === 'error' ? ' \u2192 returned an error' : ' \u2192 returned';
    return typeof c.result === 'string' ? verb + ' ' + c.result : c.result_status === 'error' ? verb : '';
  }

  // Which arguments made a closest candidate fail its argument rule, reference first, as the
  // failure message says: '; arguments (reference \u2260 call): path: "/b" \u2260 "/a"'.
  function argumentsText(a) {
    if (!a) return '';
    var listed = a.differences.map(function (d) {
      return d.path + ': ' + (d.kind === 'extra' ? '(missing)' : d.reference) + ' \u2260 ' + (d.kind === 'missing' ? '(missing)' : d.call);
    }).join('; ') + (a.count > a.differences.length ? '; and ' + (a.count - a.differences.length) + ' more' : '');
    if (a.by === 'predicate') return a.count === 0 ? '; rejected by the args predicate (the arguments are deeply equal)' : '; rejected by the args predicate; by deep equality (reference \u2260 call): ' + listed;
    return a.count === 0 ? '' : '; arguments (reference \u2260 call): ' + listed;
  }

  function check(rec, n) {
    var box = el('div', { class: 'check', 'data-testid': 'check' });
    var head = 'check ' + (n + 1) + ': ' + rec.matcher + (rec.negated ? ' (.not)' : '') + ' \u00b7 ' + (rec.pass ? 'passed' : 'FAILED') +
      ' \u00b7 score ' + fmt(rec.full_score) + ' \u00b7 accuracy ' + rec.accuracy + (rec.retry ? ' \u00b7 retry ' + rec.retry : '') + (rec.repeat ? ' \u00b7 repeat ' + rec.repeat : '');
    box.appendChild(el('h3', { text: head }));
    if (rec.failure) box.appendChild(el('p', { class: 'sentence', 'data-testid': 'check-failure', text: rec.failure }));
    if (rec.location) box.appendChild(el('p', { class: 'meta', text: 'called at ' + detailFile + ':' + rec.location.line + ':' + rec.location.column }));
    (rec.trajectory || []).forEach(function (v) {
      box.appendChild(el('p', { class: 'meta', 'data-testid': 'trajectory-verdict', text: trajectoryText(v) }));
      if (v.issues && v.issues.length) box.appendChild(el('ul', { 'data-testid': 'trajectory-issues' }, v.issues.map(function (x) {
        var near = x.closest ? ' \u2014 closest: ' + (x.side === 'reference' ? 'calls[' : 'reference[') + x.closest.index + '] ' + x.closest.call + returned(x.closest) + ' (' + REASONS[x.closest.reason] + ')' + argumentsText(x.closest.arguments) : '';
        return el('li', { text: (x.side === 'reference' ? 'unmatched reference[' : 'unexpected calls[') + x.index + '] ' + x.call + returned(x) + near });
      })));
    });
    if (rec.matcher === 'toFollowTrajectory') return box;
    var golden = rec.golden.kind + (rec.golden.paths ? ': ' + rec.golden.paths.join(', ') : '') + (rec.golden.count > 1 ? ' (best of ' + rec.golden.count + ': ' + (rec.best_index !== null && rec.best_index >= 0 ? 'golden #' + (rec.best_index + 1) + ' of ' + rec.golden.count + ', ' : '') + 'best_index ' + rec.best_index + ')' : '');
    box.appendChild(el('p', { class: 'meta', text: 'golden ' + golden + ' \u00b7 mode ' + rec.mode + ' \u00b7 config ' + rec.config_digest }));
    var d = rec.detail || null;
    var mt = el('table', { 'data-testid': 'metrics' });
    mt.appendChild(el('tr', null, ['metric', 'score', 'pass', 'weight', 'contribution', 'required'].map(function (h, i) { return el('th', { class: i && i !== 2 && i !== 5 ? 'num' : '', text: h }); })));
    Object.keys(rec.metrics).forEach(function (name) {
      var m = rec.metrics[name];
      var w = d && d.aggregation.weights ? d.aggregation.weights[name] : undefined;
      var c = d && d.aggregation.contributions ? d.aggregation.contributions[name] : undefined;
      var req = Object.prototype.hasOwnProperty.call(rec.decision, name) ? (rec.decision[name] ? 'met' : 'MISSED') : '';
      mt.appendChild(el('tr', null, [el('td', { text: name }), metricScoreCell(m), el('td', { text: m.binary_pass ? 'pass' : 'fail' }),
        el('td', { class: 'num', text: w === undefined ? '' : fmt(w, 2) }), el('td', { class: 'num', text: c === undefined ? '' : fmt(c) }), el('td', { text: req })]));
    });
    if (d && d.aggregation.contributions && d.aggregation.contributions._sum !== undefined) {
      mt.appendChild(el('tr', null, [el('td', { text: 'full score' }), el('td'), el('td'), el('td'), el('td', { class: 'num', text: fmt(d.aggregation.contributions._sum) }), el('td')]));
    }
    box.appendChild(mt);
    if (!d) { box.appendChild(el('p', { class: 'muted', text: 'This record carries no drill-down detail (written by an older envtrace).' })); return box; }
    box.appendChild(alignment(d.rows, (d.timing && d.timing.unit) || 's'));
    var plots = el('div', { class: 'plots' });
    plots.appendChild(timingPlot(d.timing));
    d.continuous.forEach(function (c) { plots.appendChild(profilePlot(c)); });
    box.appendChild(plots);
    return box;
  }

  var REASONS = { arguments: 'other arguments', tool: 'another tool', paired: 'matches, but is paired with another call', order: 'matches, but out of order' };
  function argsText(a) { return Array.isArray(a) ? 'only ' + a.join(', ') : a; }
  function trajectoryText(v) {
    var dist = v.distance ? ' \u00b7 distance ' + fmt(v.distance.distance, 2) + ' of ' + fmt(v.distance.max, 2) + ' (' + v.distance.scheme + ', score ' + fmt(v.distance.score) + ')' : '';
    if (v.check === 'metric') return 'trajectory metric ' + v.metric + ': ' + (v.pass ? 'passed' : 'FAILED') + dist;
    var per = Object.keys(v.tool_args);
    return 'trajectory ' + (v.pass ? 'followed' : 'NOT followed') + ' \u00b7 mode ' + v.mode + ' \u00b7 args ' + argsText(v.args) +
      (per.length ? ' (per tool: ' + per.map(function (k) { return k + ' ' + argsText(v.tool_args[k]); }).join(', ') + ')' : '') +
      (v.turns === 'exact' ? ' \u00b7 turns exact' : '') +
      ' \u00b7 ' + v.matched + ' matched, ' + v.unmatched_reference + ' unmatched reference, ' + v.unexpected + ' unexpected' + dist;
  }

  function highlight(a, b) {
    // Common prefix and suffix stay plain; the differing middle of each side is marked.
    var p = 0; while (p < a.length && p < b.length && a[p] === b[p]) p++;
    var q = 0; while (q < a.length - p && q < b.length - p && a[a.length - 1 - q] === b[b.length - 1 - q]) q++;
    function part(s) { return [s.slice(0, p), el('mark', { text: s.slice(p, s.length - q) }), s.slice(s.length - q)]; }
    return [part(a), part(b)];
  }
  function valueCell(side, other, diff) {
    if (!side) return el('td', { class: 'muted', text: '\u2014' });
    var kids = diff && other ? highlight(side.value, other.value) : null;
    return el('td', { class: 'value' }, kids ? kids[0] : [side.value]);
  }
  function alignment(rs, unit) {
    var wrap = el('div');
    wrap.appendChild(el('h3', { text: 'Alignment: ' + rs.differing + ' of ' + rs.total + ' rows differ' + (rs.within_tolerance ? ', ' + rs.within_tolerance + ' matched only within tolerance (\u2248)' : '') + (rs.cut ? ' (' + rs.cut + ' matching rows not stored)' : '') }));
    var box = el('div', { class: 'rows' });
    var t = el('table', { 'data-testid': 'alignment' });
    // \u0394t: predicted minus golden time of each aligned pair (both sides present), in the check's unit.
    t.appendChild(el('tr', null, ['#', 'golden channel', 't (' + unit + ')', 'golden value', 'predicted channel', 't (' + unit + ')', 'predicted value', '\u0394t (' + unit + ')', ''].map(function (h, i) {
      return el('th', i === 7 ? { 'data-testid': 'dt-head', title: 'predicted t \u2212 golden t of the aligned pair', text: h } : { text: h });
    })));
    var first = null;
    rs.items.forEach(function (r) {
      var kind = r.match === true ? (r.approx ? 'approx' : 'match') : r.match === false ? 'mismatch' : r.gt ? 'missing' : 'extra';
      var label = kind === 'match' ? '' : kind === 'approx' ? '\u2248 (\u0394 ' + num4(r.approx.delta) + ', tol ' + num4(r.approx.tol) + ')' : kind === 'mismatch' ? 'mismatch' : kind === 'missing' ? 'missing in prediction' : 'extra in prediction';
      var tr = el('tr', { class: 'r-' + kind, 'data-kind': kind }, [
        el('td', { class: 'num', text: r.index }),
        el('td', { text: r.gt ? r.gt.channel : '' }), el('td', { class: 'num', text: r.gt ? fmt(r.gt.t) : '' }), valueCell(r.gt, r.pred, kind === 'mismatch' && r.pred && r.gt.value !== r.pred.value),
        el('td', { text: r.pred ? r.pred.channel : '' }), el('td', { class: 'num', text: r.pred ? fmt(r.pred.t) : '' }), valueCell(r.pred, r.gt, kind === 'mismatch' && r.gt && r.gt.value !== r.pred.value),
        el('td', { class: 'num', 'data-testid': 'dt', text: r.gt && r.pred && r.gt.t !== null && r.pred.t !== null ? signedNum(r.pred.t - r.gt.t) : '' }),
        el('td', { text: label })]);
      if (kind !== 'match' && kind !== 'approx' && !first) { first = tr; tr.className += ' first-divergence'; }
      t.appendChild(tr);
    });
    box.appendChild(t); wrap.appendChild(box);
    if (first) setTimeout(function () { box.scrollTop = Math.max(0, first.offsetTop - 40); }, 0);
    return wrap;
  }

  // Divide first: (x - lo) * (b - a) overflows for points near 1e308.
  function scale(lo, hi, a, b) { var d = hi - lo || 1; if (!isFinite(d)) d = Number.MAX_VALUE; return function (x) { return a + (x - lo) / d * (b - a); }; }
  function axes(g, W, H, P, xl, yl, xr, yr) {
    g.appendChild(sv('line', { class: 'axis', x1: P, y1: H - P, x2: W - 8, y2: H - P }));
    g.appendChild(sv('line', { class: 'axis', x1: P, y1: 8, x2: P, y2: H - P }));
    g.appendChild(sv('text', { x: P, y: H - 6, text: xl + ' [' + fmt(xr[0], 2) + ', ' + fmt(xr[1], 2) + ']' }));
    g.appendChild(sv('text', { x: P + 4, y: 34, class: 'muted', text: '\u2191 ' + yl }));
  }
  // Each trace on its own axis: golden times on the left, predicted on the right, against the
  // matched pair's number. A prediction 300x slower (or faster) than its golden still spreads
  // over the whole plot instead of squeezing the golden into a few pixels; the ratio of the two
  // spans is stated in words, and R² and slope are the timing metric's own.
  function timingPlot(tm) {
    var W = 420, H = 290, P = 36, B = 56, R = W - 36;
    var g = sv('svg', { class: 'plot', width: W, height: H, viewBox: '0 0 ' + W + ' ' + H, role: 'img', 'data-testid': 'timing-plot', 'aria-label': 'timing plot: golden and predicted times of the matched pairs, each on its own axis' });
    var pts = tm.points, n = pts.length, unit = tm.unit || 's';
    var gLo = 0, gHi = 0, pLo = 0, pHi = 0;
    pts.forEach(function (p) { gLo = Math.min(gLo, p[0]); gHi = Math.max(gHi, p[0]); pLo = Math.min(pLo, p[1]); pHi = Math.max(pHi, p[1]); });
    if (!(gHi > gLo)) gHi = gLo + 1; if (!(pHi > pLo)) pHi = pLo + 1;
    var X = scale(0, Math.max(n - 1, 1), P, R), YG = scale(gLo, gHi, H - B, 44), YP = scale(pLo, pHi, H - B, 44);
    g.appendChild(sv('line', { class: 'axis', x1: P, y1: H - B, x2: R, y2: H - B }));
    g.appendChild(sv('line', { class: 'axis gt-axis', x1: P, y1: 44, x2: P, y2: H - B }));
    g.appendChild(sv('line', { class: 'axis pred-axis', x1: R, y1: 44, x2: R, y2: H - B }));
    g.appendChild(sv('text', { class: 'muted', x: (P + R) / 2, y: H - B + 14, 'text-anchor': 'middle', text: 'matched pair 1\u2013' + n + ' (golden order)' }));
    g.appendChild(sv('text', { class: 'gt-text', x: P, y: H - 20, text: '\u25cf golden t \u2212 t0 (' + unit + ') ' + fmt(gLo, 2) + '\u2013' + fmt(gHi, 2) + ', left axis' }));
    g.appendChild(sv('text', { class: 'pred-text', x: R, y: H - 6, 'text-anchor': 'end', text: '\u25cf predicted (' + unit + ') ' + fmt(pLo, 2) + '\u2013' + fmt(pHi, 2) + ', right axis' }));
    [['gt', 0, YG], ['pred', 1, YP]].forEach(function (sd) {
      var Y = sd[2];
      var d = pts.map(function (p, k) { return X(k).toFixed(1) + ',' + Y(p[sd[1]]).toFixed(1); }).filter(function (xy) { return xy.indexOf('N') < 0 && xy.indexOf('I') < 0; }).join(' ');
      g.appendChild(sv('polyline', { class: sd[0] + '-line', points: d }));
      // Golden as rings, predicted as dots: where the two curves coincide (timing proportional to
      // the golden's) each dot sits inside its ring and both stay visible.
      pts.forEach(function (p, k) { g.appendChild(sv('circle', { class: sd[0] === 'gt' ? 'gt ring' : 'pred', cx: X(k), cy: Y(p[sd[1]]), r: sd[0] === 'gt' ? 4.5 : 2.2 })); });
    });
    var ratio = (pHi - pLo) / (gHi - gLo);
    g.appendChild(sv('text', { x: 8, y: 16, text: 'timing: ' + tm.total + ' matched pairs \u00b7 R\u00b2 ' + fmt(tm.r2) + ' \u00b7 slope ' + fmt(tm.slope) }));
    g.appendChild(sv('text', { class: 'muted', x: 8, y: 32, 'data-testid': 'timing-ratio', text: n >= 2 && isFinite(ratio) ? 'separate axes: the predicted span is ' + num4(ratio) + '\u00d7 the golden span' : 'separate axes per trace' }));
    return g;
  }
  function profilePlot(c) {
    var W = 360, H = 260, P = 36;
    var g = sv('svg', { class: 'plot', width: W, height: H, viewBox: '0 0 ' + W + ' ' + H, role: 'img', 'data-testid': 'continuous-plot', 'data-channel': c.channel, 'aria-label': 'continuous profile' });
    var all = c.gt.concat(c.pred).filter(function (x) { return typeof x === 'number' && isFinite(x); });
    var lo = all.length ? Math.min.apply(null, all) : 0, hi = all.length ? Math.max.apply(null, all) : 1;
    var len = Math.max(c.gt.length, c.pred.length, 2);
    var X = scale(0, len - 1, P, W - 10), Y = scale(lo, hi, H - P, 40);
    axes(g, W, H, P, 'sample', c.channel, [0, len - 1]);
    [['gt', c.gt], ['pred', c.pred]].forEach(function (sd) {
      var d = sd[1].map(function (v, i) { return typeof v === 'number' && isFinite(v) ? X(i).toFixed(1) + ',' + Y(v).toFixed(1) : null; }).filter(Boolean).join(' ');
      g.appendChild(sv('polyline', { class: sd[0] + '-line', points: d }));
      sd[1].forEach(function (v, i) { if (typeof v === 'number' && isFinite(v)) g.appendChild(sv('circle', { class: sd[0], cx: X(i), cy: Y(v), r: 2 })); });
    });
    // The heading names the channel and its score or why it was not measured; the colour key sits
    // at the bottom right, so a reason does not push the heading out of the plot.
    g.appendChild(sv('text', { x: 8, y: 16, text: c.channel + ' \u00b7 ' + (typeof c.not_measured === 'string' ? 'not measured (' + c.not_measured + ')' : 'score ' + fmt(c.score)) }));
    g.appendChild(sv('text', { class: 'gt-text', x: W - 86, y: H - 6, 'text-anchor': 'end', text: '\u25cf golden' }));
    g.appendChild(sv('text', { class: 'pred-text', x: W - 10, y: H - 6, 'text-anchor': 'end', text: '\u25cf predicted' }));
    return g;
  }
})();
`;

/** The script with the terminal escaper's patterns put in (`UNSAFE_SOURCES` of `io/terminal.ts`). */
export const REPORT_JS = SCRIPT.replace('__UNSAFE__', JSON.stringify(UNSAFE_SOURCES.unsafe))
  .replace('__EMOJI__', JSON.stringify(UNSAFE_SOURCES.emoji))
  .replace('__SCRIPT_LETTER__', JSON.stringify(UNSAFE_SOURCES.scriptLetter));
