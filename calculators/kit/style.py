"""The desk's look, shared by every page (inline CSS, no external files)."""

CSS = """
<style>
.calc-root { max-width: 1000px; font-family: system-ui, sans-serif; }
.calc-header { align-items: center; justify-content: space-between;
  border-bottom: 2px solid #7a1f2b; margin-bottom: 8px; }
.calc-header h2 { color: #7a1f2b; margin: 4px 0; }
.calc-nav a { margin-right: 12px; color: #7a1f2b; }
.calc-error-box { background: #fde8e8; border: 1px solid #b3261e; color: #5c0d09;
  padding: 8px 12px; border-radius: 4px; margin: 6px 0; }
.calc-result-box { background: #faf6f0; border: 1px solid #d8cbb8; padding: 8px 12px;
  border-radius: 4px; margin: 6px 0; }
.calc-result-box h3 { margin: 0 0 6px 0; }
ol.calc-trace li { margin: 3px 0; }
a.calc-rule { font-family: monospace; background: #f1e6e8; padding: 0 4px;
  border-radius: 3px; text-decoration: none; color: #7a1f2b; margin-right: 4px; }
.calc-exact { border-bottom: 1px dotted #888; cursor: help; }
table.calc-table { border-collapse: collapse; margin: 6px 0; }
table.calc-table th, table.calc-table td { border: 1px solid #ddd; padding: 3px 8px;
  text-align: right; }
table.calc-table th { background: #f3ede4; }
.calc-badge { display: inline-block; padding: 1px 8px; border-radius: 10px; color: white;
  font-size: 90%; margin-right: 4px; }
.calc-int-field { align-items: center; }
.calc-field-note { margin-left: 6px; max-width: 420px; }
.calc-field-hint { color: #777; font-size: 85%; white-space: nowrap; }
.calc-field-problem { color: #b3261e; font-size: 90%; }
.calc-field-invalid input { border-color: #b3261e !important; background: #fff5f5; }
.calc-root:has(.calc-field-invalid) .calc-result,
.calc-root:has(.calc-field-invalid) .calc-trace-view { opacity: 0.35; }
.calc-help { color: #555; font-size: 90%; }
</style>
"""
