package prophecy

import (
	"fmt"
	"slices"
	"strings"

	"tabletop/engine"
)

// Markdown writes the whole story: the world, the prophecy, the
// characters, the outline, the scenes in the order they were played with
// their objects, pairs, every die and the narration, the end, and the
// journal of who did what. Every text the players wrote is escaped, so it
// reads as written and never as Markdown.
func Markdown(v *View) string {
	var b strings.Builder
	if v.World == nil {
		return "# Prophecy\n\nNo world has been chosen yet.\n"
	}
	fmt.Fprintf(&b, "# Prophecy: %s\n\n", md(v.World.Name))
	if v.World.Blurb != "" {
		fmt.Fprintf(&b, "%s\n\n", md(v.World.Blurb))
	}
	if p := v.Prophecy; p != nil {
		fmt.Fprintf(&b, "## The prophecy\n\nd66: %d and %d, entry %d of the catastrophe table.\n\n%s\n\n", p.Tens, p.Units, p.Roll, md(p.Text))
	}
	b.WriteString("## The heroes\n\n")
	for i, c := range v.Chars {
		if c.Name == "" {
			continue
		}
		fmt.Fprintf(&b, "- **%s** (played by %s)\n", md(c.Name), md(v.Players[i]))
		for j, a := range c.Aspects {
			fmt.Fprintf(&b, "  %d. %s: %s\n", j+1, a.Category, md(a.Text))
		}
	}
	b.WriteString("\n## The outline\n\n```\n" + strings.ReplaceAll(TreeText(v.Scenes), "```", "'''") + "```\n\n")

	played := make([]*SceneView, 0, len(v.Scenes))
	for i := range v.Scenes {
		if v.Scenes[i].Status >= Rolled {
			played = append(played, &v.Scenes[i])
		}
	}
	// The scene rolled but not narrated yet comes last.
	slices.SortStableFunc(played, func(a, b *SceneView) int {
		return orderKey(a) - orderKey(b)
	})
	if len(played) > 0 {
		b.WriteString("## The story\n\n")
	}
	for n, sc := range played {
		title := "Scene " + fmt.Sprint(sc.ID)
		if sc.ID == FinaleID {
			title = "The Finale"
		}
		fmt.Fprintf(&b, "### %d. %s: %s\n\n", n+1, title, md(sc.Objective))
		fmt.Fprintf(&b, "Difficulty %d.", sc.Difficulty)
		if sc.Setting != "" {
			fmt.Fprintf(&b, " Setting: %s.", md(sc.Setting))
		}
		b.WriteString("\n\n")
		if len(sc.Objects) > 0 {
			b.WriteString("Objects:\n\n")
			for i, o := range sc.Objects {
				fmt.Fprintf(&b, "%d. %s (found by %s): %s\n", i+1, md(o.Name), md(v.Players[o.By]), md(strings.Join(o.Aspects, "; ")))
			}
			b.WriteString("\n")
		}
		if len(sc.Pairs) > 0 {
			b.WriteString("Pairs of matching aspects:\n\n")
			for i, p := range sc.Pairs {
				fmt.Fprintf(&b, "%d. %s (proposed by %s)\n", i+1, md(v.pairText(sc, p)), md(v.Players[p.By]))
			}
			b.WriteString("\n")
		}
		outcome := "**failure**"
		if sc.Success {
			outcome = "**success**"
		}
		if sc.Pool == 0 {
			fmt.Fprintf(&b, "Check: no pairs and no reward dice, a pool of 0: %s without a roll.\n\n", outcome)
		} else {
			fmt.Fprintf(&b, "Check: %s + %s = %s. `%s`: %s against difficulty %d: %s.\n\n",
				engine.Count(len(sc.Pairs), "pair", "pairs"), engine.Count(sc.Reward, "reward die", "reward dice"), engine.Count(sc.Pool, "die", "dice"),
				sc.RollText, engine.Count(sc.Hits, "hit", "hits"), sc.Difficulty, outcome)
		}
		if sc.Narration != "" {
			for _, line := range strings.Split(sc.Narration, "\n") {
				b.WriteString("> " + md(line) + "\n")
			}
			b.WriteString("\n")
		}
	}
	if v.Outcome != "" {
		fmt.Fprintf(&b, "## The end\n\n%s.\n\n", v.Outcome)
	}
	if len(v.Journal) > 0 {
		b.WriteString("## Journal\n\n")
		for i, e := range v.Journal {
			fmt.Fprintf(&b, "%d. %s %s\n", i+1, md(e.Who), md(e.Text))
		}
	}
	return b.String()
}

// orderKey sorts played scenes: narrated ones by their order, a rolled one
// after them.
func orderKey(sc *SceneView) int {
	if sc.Order == 0 {
		return MaxScenes + 1
	}
	return sc.Order
}

// mdSpecial are the characters that could start Markdown or HTML markup.
var mdSpecial = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`,
	"<", "&lt;", ">", "&gt;", "#", `\#`, "|", `\|`, "!", `\!`,
)

// md escapes a player's text for Markdown.
func md(s string) string { return mdSpecial.Replace(s) }

// Markdown writes the story so far (see Markdown).
func (s *State) Markdown() string { return Markdown(s.View(-1).(*View)) }
