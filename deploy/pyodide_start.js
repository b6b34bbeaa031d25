"use strict";
// The static site's kernel loads Pyodide through this script (the kernel's pyodideUrl; written
// beside pyodide.js by deploy/static_site.py). It loads pyodide.js from the same folder, then,
// once Python has started and before the kernel imports anything, moves the working folder
// ("") from the head of sys.path to its end. The kernel then works in JupyterLite's drive,
// where every look-up is a synchronous request the page answers (about 6 ms each), and Python
// would ask the drive first for every module it imports; every module the pages import is
// installed, so none of them asks the drive any more.
self.loadPyodide = async (options) => {
  importScripts(`${options.indexURL}pyodide.js`); // Pyodide's own loadPyodide; the folder ends in "/"
  const pyodide = await self.loadPyodide(options);
  pyodide.runPython(
    'import sys\nif "" in sys.path:\n    sys.path.remove("")\n    sys.path.append("")\n',
  );
  return pyodide;
};
