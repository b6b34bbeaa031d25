"""The rules reference page: search, read a section in English or Russian, the glossary."""
