module tabletop

go 1.26
