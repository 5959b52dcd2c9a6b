"""Power Spike's tables: table sizes, terrain polygons and deployment zones as data files (tables/*.json)."""
