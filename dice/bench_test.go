package dice

import "testing"

// rollBenchExprs are the expressions of BenchmarkRoll and BenchmarkParseRoll.
var rollBenchExprs = []string{"1d20", "4dF", "3d6", "1d20+5", "2d20kh1", "6d6!", "10d6>=4", "1d20-2d6"}

// distBenchExprs are the expressions of BenchmarkDist.
var distBenchExprs = []string{"3d6", "4d6kh3", "20d6kh3", "40d10>=7", "5d6!>=4", "10d10"}

func BenchmarkParse(b *testing.B) {
	exprs := append(append([]string{}, rollBenchExprs...), astExprs...)
	b.ReportAllocs()
	for b.Loop() {
		for _, in := range exprs {
			if _, err := Parse(in); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkRoll(b *testing.B) {
	for _, in := range rollBenchExprs {
		b.Run(in, func(b *testing.B) {
			e := MustParse(in)
			s := NewUnrecordedStream(Seed{1})
			b.ReportAllocs()
			for b.Loop() {
				if _, err := e.Roll(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkRollTotal(b *testing.B) {
	for _, in := range rollBenchExprs {
		b.Run(in, func(b *testing.B) {
			e := MustParse(in)
			s := NewUnrecordedStream(Seed{1})
			b.ReportAllocs()
			for b.Loop() {
				if _, err := e.RollTotal(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkParseRoll(b *testing.B) {
	for _, in := range rollBenchExprs {
		b.Run(in, func(b *testing.B) {
			s := NewUnrecordedStream(Seed{1})
			b.ReportAllocs()
			for b.Loop() {
				e, err := Parse(in)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := e.Roll(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkDist(b *testing.B) {
	for _, in := range distBenchExprs {
		b.Run(in, func(b *testing.B) {
			e := MustParse(in)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := e.Dist(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
