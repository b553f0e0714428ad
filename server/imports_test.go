package server_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tabletop/games"
)

// TestServer_ImportsNoGame checks that package server, its own test files
// included, reaches no package under tabletop/games, directly or through
// the packages it imports: a new game touches no file of the server. (This
// external test package may use games; package server may not.)
func TestServer_ImportsNoGame(t *testing.T) {
	root := ".." // the module's root, from this package's folder
	type edge struct{ from, file string }
	seen := map[string]edge{"tabletop/server": {}}
	queue := []string{"tabletop/server"}
	for len(queue) > 0 {
		pkg := queue[0]
		queue = queue[1:]
		dir := filepath.Join(root, strings.TrimPrefix(pkg, "tabletop"))
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no Go files for %s in %s (%v)", pkg, dir, err)
		}
		for _, file := range files {
			f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			// Only the package itself and, for the server, its internal
			// tests: other packages' tests are not built into the server.
			if strings.HasSuffix(f.Name.Name, "_test") || (pkg != "tabletop/server" && strings.HasSuffix(file, "_test.go")) {
				continue
			}
			for _, imp := range f.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				if !strings.HasPrefix(path, "tabletop/") {
					continue
				}
				if path == "tabletop/games" || strings.HasPrefix(path, "tabletop/games/") {
					chain := filepath.Base(file) + " imports " + path
					for p := pkg; p != "tabletop/server"; p = seen[p].from {
						chain = seen[p].from + " (" + seen[p].file + ") imports " + p + ", whose " + chain
					}
					t.Errorf("package server reaches a game: %s", chain)
				}
				if _, ok := seen[path]; !ok {
					seen[path] = edge{pkg, filepath.Base(file)}
					queue = append(queue, path)
				}
			}
		}
	}
}

// TestServer_NamesNoGame checks that the server's code and its shared page
// templates name no game, by id or by name: everything about a game comes
// from the game, through the registry.
func TestServer_NamesNoGame(t *testing.T) {
	var words []string
	for _, g := range games.All() {
		words = append(words, regexp.QuoteMeta(g.Info().ID), regexp.QuoteMeta(g.Info().Name))
	}
	named := regexp.MustCompile(`(?i)\b(` + strings.Join(words, "|") + `)\b`)
	code, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	pages, err := filepath.Glob("../web/templates/*.html")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, file := range append(code, pages...) {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for i, line := range strings.Split(string(b), "\n") {
			if m := named.FindString(line); m != "" {
				t.Errorf("%s:%d names the game %q: %s", file, i+1, m, strings.TrimSpace(line))
			}
		}
	}
	if checked < 10 {
		t.Fatalf("checked only %d files: the test is not looking where the server is", checked)
	}
}
