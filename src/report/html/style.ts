/** The HTML report's stylesheet (inlined; light and dark by `prefers-color-scheme`). */
export const REPORT_CSS = `
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1b1f24; --muted: #5b6470; --line: #d8dee4;
  --panel: #f6f8fa; --ok: #1a7f37; --bad: #cf222e; --skip: #8c959f; --accent: #0969da; --gt: #0969da;
  --pred: #bc4c00; --mark: #fff8c5; --miss: #ffebe9; --extra: #dafbe1; --mismatch: #fff1e5; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #0d1117; --fg: #e6edf3; --muted: #8d96a0; --line: #30363d; --panel: #161b22; --ok: #3fb950;
    --bad: #f85149; --skip: #6e7681; --accent: #58a6ff; --gt: #58a6ff; --pred: #f0883e; --mark: #4d3d00;
    --miss: #3c1618; --extra: #12261e; --mismatch: #3b2300; }
}
* { box-sizing: border-box; }
body { margin: 0; padding: 1.5rem; background: var(--bg); color: var(--fg);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
h1 { font-size: 1.4rem; margin: 0 0 .25rem; } h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
h3 { font-size: 1rem; margin: 1rem 0 .4rem; }
.meta { color: var(--muted); margin: 0 0 1rem; }
.verdict { display: flex; gap: .75rem; flex-wrap: wrap; margin: .5rem 0 1rem; }
.badge { padding: .35rem .7rem; border-radius: 6px; font-weight: 600; border: 1px solid var(--line); }
.badge.ok { color: var(--ok); border-color: var(--ok); } .badge.bad { color: var(--bad); border-color: var(--bad); }
.cards { display: flex; gap: 1rem; flex-wrap: wrap; }
.card { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: .75rem 1rem; min-width: 12rem; }
.card .big { font-size: 1.5rem; font-weight: 600; } .card .sub { color: var(--muted); font-size: .85rem; }
.controls { display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; margin: .5rem 0; }
input, select, button { font: inherit; color: inherit; background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: .25rem .5rem; }
button { cursor: pointer; } button:disabled { opacity: .5; cursor: default; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid var(--line); padding: .3rem .5rem; text-align: left; vertical-align: top; }
th { background: var(--panel); position: sticky; top: 0; white-space: nowrap; }
th.sortable { cursor: pointer; user-select: none; } th[aria-sort="ascending"]::after { content: " \\25B2"; }
th[aria-sort="descending"]::after { content: " \\25BC"; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.status-passed { color: var(--ok); font-weight: 600; } .status-failed { color: var(--bad); font-weight: 600; }
.status-skipped { color: var(--skip); }
.esc { font-family: ui-monospace, monospace; color: var(--bad); background: var(--miss); border-radius: 3px; padding: 0 .15em; }
.linkish { background: none; border: none; padding: 0; color: var(--accent); text-align: left; text-decoration: underline; }
.name { word-break: break-word; }
.detail { border: 1px solid var(--line); border-radius: 8px; padding: 1rem; margin-top: 1rem; background: var(--panel); }
.check { border-top: 1px solid var(--line); padding-top: .75rem; margin-top: .75rem; }
.rows { max-height: 24rem; overflow: auto; border: 1px solid var(--line); background: var(--bg); }
.rows td { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; }
tr.r-mismatch td { background: var(--mismatch); } tr.r-approx td:last-child { color: var(--pred); } tr.r-missing td { background: var(--miss); }
tr.r-extra td { background: var(--extra); } tr.first-divergence td:first-child { box-shadow: inset 4px 0 0 var(--accent); }
mark { background: var(--mark); color: inherit; }
.value { white-space: pre-wrap; word-break: break-all; }
.plots { display: flex; gap: 1rem; flex-wrap: wrap; }
svg.plot { background: var(--bg); border: 1px solid var(--line); border-radius: 6px; }
svg .axis { stroke: var(--muted); stroke-width: 1; } svg .ident { stroke: var(--muted); stroke-dasharray: 4 3; }
svg .fit { stroke: var(--accent); stroke-width: 1.5; } svg .pt { fill: var(--accent); }
svg .gt { fill: var(--gt); } svg .pred { fill: var(--pred); }
svg .gt-line { stroke: var(--gt); fill: none; } svg .pred-line { stroke: var(--pred); fill: none; }
svg circle.ring { fill: none; stroke: var(--gt); stroke-width: 1.5; }
svg text.gt-text { fill: var(--gt); } svg text.pred-text { fill: var(--pred); }
svg .gt-axis { stroke: var(--gt); } svg .pred-axis { stroke: var(--pred); }
ul.failures { list-style: none; padding: 0; margin: 0; } ul.failures li { border-bottom: 1px solid var(--line); padding: .35rem 0; }
.where { color: var(--muted); font-size: 12px; } .sentence { white-space: pre-wrap; word-break: break-word; }
.delta-bad { color: var(--bad); } .delta-good { color: var(--ok); }
svg text { fill: var(--fg); font-size: 11px; } svg text.muted { fill: var(--muted); } svg .bar { fill: var(--accent); }
.muted { color: var(--muted); } .unmeasured { color: var(--muted); font-style: italic; } .errors { color: var(--bad); white-space: pre-wrap; }
.legend span { margin-right: 1rem; } .legend .gt { color: var(--gt); } .legend .pred { color: var(--pred); }
`;
