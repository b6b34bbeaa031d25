"""The server's side inside a page's kernel: the visitor's request, the server's log, and the
widgets' state answered with less work. Light: a kernel imports it, never the server itself."""
