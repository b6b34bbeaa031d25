"""The desk's look, shared by every page (inline CSS, no external files).

Phone first: every page fits from 360 px wide up. Inputs and results sit side by side when
there is room (:func:`calculators.kit.layout.columns`) and stack otherwise; rows of controls
wrap instead of running off the screen; labels wrap instead of being cut; on touch screens and
narrow windows every control is at least 44 px tall.
"""

CSS = """
<style>
.calc-root { max-width: 1100px; font-family: system-ui, sans-serif; box-sizing: border-box; }
.calc-root * { box-sizing: border-box; }
/* layout: inputs | results, stacked when narrow */
.calc-root .calc-columns { flex-wrap: wrap; gap: 8px 20px; align-items: flex-start; }
.calc-root .calc-columns > .calc-inputs { flex: 1 1 330px; min-width: 0; max-width: 100%; }
.calc-root .calc-columns > .calc-results { flex: 1.3 1 360px; min-width: 0; max-width: 100%; }
/* nothing wider than the screen; rows wrap */
.calc-root .jupyter-widgets, .calc-root .widget-inline-hbox { max-width: 100%; }
.calc-root .widget-hbox, .calc-root .widget-inline-hbox { flex-wrap: wrap; }
.calc-root .widget-vbox { min-width: 0; }
.calc-root .widget-html-content, .calc-root .widget-html { max-width: 100%;
  overflow-wrap: anywhere; }
.calc-root .widget-html-content { height: auto; line-height: 1.45; }
.calc-root table { max-width: 100%; }
/* a table cell breaks between words only: no word or number (5.2×10⁻⁴%) split in two */
.calc-root table th, .calc-root table td { overflow-wrap: normal; word-break: normal;
  hyphens: manual; }
/* lists that show several rows: readable text, rows a finger can pick, long rows wrapped */
.calc-root .widget-select select, .calc-root .widget-select-multiple select {
  font-size: 15px; }
.calc-root .widget-select option, .calc-root .widget-select-multiple option {
  padding: 4px 6px; white-space: normal; }
/* a checkbox on its label's line: its own description, or the row's label before it */
.calc-root .widget-label-basic span { display: flex; align-items: center; }
.calc-root .widget-hbox:has(> .widget-label + .widget-checkbox) { flex-wrap: nowrap;
  align-items: center; }
.calc-root .widget-hbox:has(> .widget-label + .widget-checkbox) > .widget-label { flex: 0 1 auto;
  min-width: 0;
  display: flex; align-items: center; }
.calc-root .widget-hbox > .widget-checkbox { width: auto; flex: 0 0 auto; }
.calc-landing-grid { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
/* the exact value a tap on a bar or a number shows */
.calc-chart-caption { margin: 2px 0 6px 0; font-size: 90%; }
.calc-exact-shown { font-size: 90%; color: #3a3a3a; }
.calc-root .calc-wide { overflow-x: auto; max-width: 100%; }
/* labels wrap, never cut */
.calc-root .widget-label, .calc-root .widget-label-basic, .calc-root .widget-label-basic span {
  white-space: normal; overflow: visible; text-overflow: clip; height: auto;
  line-height: 1.25; min-height: var(--jp-widgets-inline-height); }
.calc-root .widget-inline-hbox > .widget-label { display: flex; align-items: center;
  flex-shrink: 0; max-width: 100%; }
.calc-root .widget-label-basic { display: flex; align-items: center; }
.calc-root .jupyter-button, .calc-root .widget-toggle-button { white-space: normal;
  height: auto; min-height: var(--jp-widgets-inline-height); line-height: 1.2;
  overflow: visible; text-overflow: clip; }
.calc-root .widget-toggle-buttons { flex-wrap: wrap; height: auto; }
.calc-root .widget-toggle-buttons .widget-toggle-button { margin-bottom: 2px; }
.calc-root .widget-text input, .calc-root .widget-dropdown select { min-width: 4em;
  min-height: var(--jp-widgets-inline-height); }
.calc-root .widget-select select, .calc-root .widget-select-multiple select { max-width: 100%; }
.calc-root .lm-TabBar, .calc-root .p-TabBar { min-height: var(--jp-widgets-inline-height);
  height: auto; }
.calc-root .lm-TabBar-content, .calc-root .p-TabBar-content { flex-wrap: wrap; }
.calc-root .lm-TabBar-tab, .calc-root .p-TabBar-tab { min-height: var(--jp-widgets-inline-height);
  height: auto; min-width: 0; flex: 0 1 auto; }
.calc-root .lm-TabBar-tabLabel, .calc-root .p-TabBar-tabLabel { white-space: normal;
  overflow: visible; text-overflow: clip; line-height: 1.2; padding: 6px 0; }
.calc-root .widget-tab > .lm-TabBar .lm-TabBar-tab { flex: 0 1 auto; min-width: 0;
  max-width: none; height: auto; }
.calc-root .widget-tab > .lm-TabBar .lm-TabBar-tabLabel { white-space: normal;
  overflow: visible; text-overflow: clip; }
.calc-root .calc-chart { height: auto; }
/* text at least 4.5:1 against its background: tabs that are not chosen too */
.calc-root .lm-TabBar-tab, .calc-root .lm-TabBar-tab .lm-TabBar-tabLabel { color: #2b2b2b;
  opacity: 1; }
/* the keyboard's place always shows: a thick outline on whatever has the focus */
.calc-root.calc-root :focus-visible, .calc-root.calc-root input:focus-visible,
.calc-root.calc-root textarea:focus-visible, .calc-root.calc-root select:focus-visible {
  outline: 3px solid #1a5fb4 !important; outline-offset: 1px; }
/* touch screens and narrow windows: 44 px touch targets, one column */
@media (max-width: 760px), (pointer: coarse) {
  .calc-root { --jp-widgets-inline-height: 44px; --jp-widgets-font-size: 15px;
    --jp-widgets-horizontal-tab-height: 44px; }
  .calc-root .widget-tab > .lm-TabBar .lm-TabBar-tab { line-height: 1.2; display: flex;
    align-items: center; }
  .calc-root .widget-checkbox input[type="checkbox"] { width: 22px; height: 22px; }
  .calc-root .widget-hslider, .calc-root .widget-hslider .slider-container { min-height: 44px; }
  .calc-root .widget-select option, .calc-root .widget-select-multiple option {
    padding: 12px 8px; line-height: 20px; min-height: 44px; }
}
@media (max-width: 760px) {
  .calc-root .calc-header { flex-direction: column; align-items: stretch; }
  .calc-landing-grid { grid-template-columns: 1fr; }
  /* a control's label sits above it, the control takes the whole width */
  .calc-root .widget-inline-hbox > .widget-label { width: 100% !important; min-height: 0;
    padding: 6px 0 2px 0; }
  .calc-root .widget-inline-hbox > .widget-label:empty { display: none; }
  .calc-root .widget-inline-hbox { width: auto !important; height: auto; }
  .calc-root .widget-dropdown > select, .calc-root .widget-text > input,
  .calc-root .widget-select-multiple > select { flex: 1 1 auto; width: 100%; }
  .calc-root .widget-inline-hbox > .widget-text, .calc-root .widget-inline-hbox > input,
  .calc-root .widget-inline-hbox > select { min-width: 0; }
  .calc-root .widget-box[style*="width"], .calc-root .widget-label[style*="width: 2"] {
    max-width: 100%; }
}
/* the page's link */
.calc-link-bar { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
.calc-link-status { color: #2e5e2e; font-size: 90%; }
.calc-offline { color: #2e5e2e; font-size: 90%; }
.calc-link-text { width: 100%; min-height: 44px; }
.calc-header { align-items: center; justify-content: space-between; gap: 4px 12px;
  border-bottom: 2px solid #7a1f2b; margin-bottom: 8px; padding-bottom: 4px; }
.calc-nav a { display: inline-block; padding: 10px 0; }
.calc-header h1 { color: #7a1f2b; margin: 4px 0; }
.calc-root .calc-h1, .calc-root .calc-h2, .calc-root .calc-h3, .calc-root .calc-h4,
.calc-root .calc-h5, .calc-root .calc-h6 { font-weight: bold; line-height: 1.25; }
.calc-root .calc-h1 { font-size: 2em; } .calc-root .calc-h2 { font-size: 1.5em; }
.calc-root .calc-h3 { font-size: 1.17em; } .calc-root .calc-h4 { font-size: 1em; }
.calc-root .calc-h5 { font-size: 0.83em; } .calc-root .calc-h6 { font-size: 0.67em; }
.calc-nav a { margin-right: 12px; color: #7a1f2b; }
.calc-error-box { background: #fde8e8; border: 1px solid #b3261e; color: #5c0d09;
  padding: 8px 12px; border-radius: 4px; margin: 6px 0; }
.calc-notice { background: #fff6dc; border: 1px solid #c9a227; color: #4a3b00;
  padding: 8px 12px; border-radius: 4px; margin: 6px 0; }
.vtes-picker-done { background: #e6f4ea; border: 1px solid #2e7d32; color: #1b4d1f;
  padding: 6px 10px; border-radius: 4px; margin: 4px 0; }
.calc-root .vtes-minion-changed { outline: 3px solid #2e7d32; outline-offset: 2px;
  border-radius: 4px; }
details.vtes-picker-rulings summary { cursor: pointer; min-height: 32px; padding: 4px 0; }
.calc-result-box { background: #faf6f0; border: 1px solid #d8cbb8; padding: 8px 12px;
  border-radius: 4px; margin: 6px 0; }
.calc-result-box .calc-h3 { margin: 0 0 6px 0; }
ol.calc-trace li { margin: 3px 0; }
a.calc-rule { font-family: monospace; background: #f1e6e8; padding: 0 4px;
  border-radius: 3px; text-decoration: none; color: #7a1f2b; margin-right: 4px; }
.calc-exact { border-bottom: 1px dotted #888; cursor: help; }
table.calc-table { border-collapse: collapse; margin: 6px 0; }
table.calc-table th, table.calc-table td { border: 1px solid #ddd; padding: 3px 8px;
  text-align: right; overflow-wrap: normal; }
table.calc-table th { background: #f3ede4; }
.calc-badge { display: inline-block; padding: 1px 8px; border-radius: 10px; color: white;
  font-size: 90%; margin-right: 4px; }
.calc-int-field { align-items: center; }
.calc-field-note { margin-left: 6px; max-width: 420px; }
.calc-field-hint { color: #595959; font-size: 85%; white-space: nowrap; }
.calc-field-problem { color: #b3261e; font-size: 90%; }
.calc-field-invalid input { border-color: #b3261e !important; background: #fff5f5; }
.calc-root:has(.calc-field-invalid) .calc-result,
.calc-root:has(.calc-field-invalid) .calc-trace-view { opacity: 0.35; }
.calc-help { color: #555; font-size: 90%; }
/* icons drawn from text: no icon font is loaded */
.calc-root .jupyter-button.calc-icon-plus::before { content: "+ "; font-weight: bold; }
.calc-root .jupyter-button.calc-icon-remove::before { content: "\\00d7 "; font-weight: bold; }
.calc-root .jupyter-button.calc-icon-new::before { content: "\\2731 "; }
.calc-root .jupyter-button.calc-icon-export::before { content: "\\2193 "; }
.calc-root .jupyter-button.calc-icon-import::before { content: "\\2191 "; }
</style>
"""
