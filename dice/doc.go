// Package dice parses dice notation, rolls it with a seeded Stream that
// records every face, and computes exact distributions.
//
// # Notation
//
// Letters may be upper or lower case and spaces may appear between tokens.
// The grammar, in EBNF (each parse function repeats its production):
//
//	Roll     = Expr [ Check ] .
//	Check    = ( "=" | ">=" | "<=" | ">" | "<" ) Target .
//	Expr     = Term { ( "+" | "-" ) Term } .
//	Term     = Unary { ( "*" | "/" ) Unary } .
//	Unary    = "-" Unary | Primary .
//	Primary  = Integer | Dice | "(" Expr ")" .
//	Dice     = [ Integer ] "d" Sides { Modifier } [ Count ] .
//	Sides    = Integer | "%" | "F" .
//	Modifier = Explode | Reroll | Keep .
//	Explode  = "!" [ Compare ] .
//	Reroll   = "ro" ( Target | Compare ) .
//	Keep     = ( "kh" | "kl" | "dh" | "dl" ) [ Integer ] .
//	Count    = Compare .
//	Compare  = ( "=" | ">=" | "<=" ) Target .
//	Target   = [ "-" ] Integer .
//	Integer  = digit { digit } .
//
// Meaning:
//
//   - "/" divides integers rounding toward zero; "-" before a term negates it.
//   - NdS rolls N dice of S sides and sums them; N defaults to 1.
//   - dF is a Fudge die (faces -1, 0, +1, shown [-] [_] [+]); d% is d100;
//     d66 is a tens d6 and a units d6 read as 11..66 (there is no 66-sided die).
//   - "!" explodes: a die showing its highest face adds another die, which may
//     explode in turn. "!>=N" and "!=N" explode on other faces.
//   - "roN", "ro<=N", "ro>=N" (and "ro=N") reroll a die once when it shows N
//     (N or less, N or more); the new face stands even if it matches again.
//   - "khN", "klN" keep the N highest or lowest dice; "dhN", "dlN" drop them.
//     N defaults to 1: "2d20kh" is "2d20kh1".
//   - A final ">=N", "<=N" or "=N" counts successes: the group's value is the
//     number of counted dice meeting it, explosion dice included.
//     "4d6>=5" is how many of the four dice show 5 or more (as Roll20 does).
//   - A comparison at the end of the whole expression that does not follow a
//     dice group compares the total (Check): "d20+3>=12", "(3d20)>30",
//     "(5d6>=5)>=2". Its value is 1 when the comparison holds and 0 when it
//     does not; a roll shows the faces, the total compared and the verdict
//     ("d20+3>=12: d20{14}+3 = 17 >=12: true (1)"), and the distribution's
//     P(1) is the exact chance. ">" and "<" compare totals only. Right after
//     a dice group a comparison is that group's success count, so the total
//     of an expression ending in dice is compared in parentheses:
//     "(3d20)>30", "(d20+d4)<5"; "3d20>30" is refused with both readings
//     offered, and String writes the parentheses where they are needed.
//     A total is compared once, last, outside any parentheses.
//
// # Combining modifiers
//
// Each modifier appears at most once per group, in any order, except that the
// success count comes last. Whatever the order written, a roll goes:
//
//  1. each die is drawn and, if it meets the reroll trigger, rerolled once;
//  2. if the face that stands meets the explosion trigger, another die is
//     added and goes through step 1 and 2 itself (at most MaxExplode times per
//     die, after which the last die stands);
//  3. keep/drop removes dice;
//  4. the dice that remain are summed, or counted against the success count.
//
// One ambiguity is settled by position: a comparison right after "!" is the
// explosion's trigger only when another modifier or a success count follows
// it; when it ends the group it is the success count. So "5d6!>=4" explodes
// on 6 and counts dice showing 4+ (Prophecy's pools), "5d10!>=9>=8" explodes
// on 9 and 10 and counts 8+, and "3d6!>=5ro1" explodes on 5 and 6. A summed
// group that explodes on anything but its highest face cannot be written
// without another modifier; String always writes trees in a form that
// parses back to the same tree.
//
// Rejected with an error naming the column:
//
//   - dice with no sides (d0), no dice (0d6), an unknown letter, a stray token;
//   - d66 with any modifier; Fudge dice that explode;
//   - keep/drop together with explosions (the pool size would be random);
//   - an explosion that can never happen (d6!=7) or never stops (d1!, d6!>=1);
//   - a reroll or success count no face can meet (3d6ro7, 3d6>=7);
//   - keeping more dice than rolled (3d6kh4), dropping all of them (3d6dl3);
//   - a divisor whose range includes 0 (d6/(d3-2)), even if 0 is unlikely;
//   - going over a limit: MaxLen bytes of text, MaxDepth nesting, MaxDice
//     dice per roll, MaxSides faces, values beyond ±MaxValue.
//
// A roll that explodes past MaxDice dice fails at roll time.
//
// # Distributions
//
// Expr.Dist computes the probability of every value. Sums use convolution,
// keep/drop a dynamic program over faces from the kept end (dice used, kept
// value so far), success counts a per-die distribution convolved N times
// (the binomial, or a geometric-like series per die for exploding pools),
// and products and quotients combine every pair of values. Results are exact
// rationals (integer weights over a common denominator) unless explosions
// are involved or the exact computation would be too large, in which case
// they are float64. Explosions are followed until the probability left out
// is below 1e-12 (or MaxExplode deep, where the roller stops too); that mass
// is reported by Truncated and the depth by ExplodeDepth.
package dice
