"""The landing page: what each page is for, and links to every page."""
