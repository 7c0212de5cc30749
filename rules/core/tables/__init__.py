"""The boards a ruleset plays on, each kind in its own module and none knowing any
ruleset: the open table (:mod:`open_table`, :mod:`courses`, :mod:`contact`,
:mod:`sectors`), the hex map (:mod:`hexmap`) and the square grid (:mod:`squares`),
plus the compass rose (:mod:`compass`) every table names headings with."""
