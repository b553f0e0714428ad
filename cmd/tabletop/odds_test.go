package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

func TestOdds_Table(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []string // lines that must appear, in order
	}{
		{
			name: "3d6 exact with fractions and bars",
			args: []string{"odds", "3d6"},
			want: []string{
				"3d6: 16 values, exact",
				"min 3, max 18, mean 10.5000 (21/2), sd 2.9580",
				"value       P(=)      P(>=)      P(<=)  exact",
				"    3      0.46%    100.00%      0.46%  1/216   #",
				"   10     12.50%     62.50%     50.00%  1/8     ########################################",
				"   18      0.46%      0.46%    100.00%  1/216   #",
			},
		},
		{
			name: "negative expression",
			args: []string{"odds", "-2d6+10"},
			want: []string{"-2d6+10: 11 values, exact", "   -2      2.78%    100.00%      2.78%  1/36"},
		},
		{
			name: "exploding pool says how deep and how much is left out",
			args: []string{"odds", "5d6!>=4"},
			want: []string{
				"5d6!>=4: 86 values, floating point",
				"explosions followed 16 deep per die; probability left out 2.95e-13",
				"(75 values above 10, each under 0.01%: --all shows them)",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := run(t, "", tt.args...)
			if code != 0 {
				t.Fatalf("Run(%q) = %d, stderr %q", tt.args, code, errs)
			}
			rest := out
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("Run(%q) output lacks %q (in order):\n%s", tt.args, w, out)
				}
				rest = rest[i+len(w):]
			}
		})
	}
}

func TestOdds_AllShowsTails(t *testing.T) {
	_, short, _ := run(t, "", "odds", "5d6!>=4")
	_, all, _ := run(t, "", "odds", "5d6!>=4", "--all")
	if strings.Contains(all, "--all shows them") || strings.Count(all, "\n") <= strings.Count(short, "\n") {
		t.Errorf("--all still hides values:\n%s", all)
	}
}

func TestOdds_JSON(t *testing.T) {
	tests := []struct {
		name      string
		expr      string
		wantExact bool
		wantMin   int
		wantMax   int
		wantMean  float64
	}{
		{name: "exact", expr: "2d20kh1", wantExact: true, wantMin: 1, wantMax: 20, wantMean: 13.825},
		{name: "exploding", expr: "d6!", wantExact: false, wantMin: 1, wantMax: 95, wantMean: 4.2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := run(t, "", "odds", "--json", tt.expr)
			if code != 0 {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			if strings.Count(out, "\n") != 1 {
				t.Errorf("want one line, got %q", out)
			}
			var got struct {
				Expr          string
				Min, Max      int
				Mean, StdDev  float64
				TruncatedMass *float64 `json:"truncated_mass"`
				Outcomes      []struct {
					Value int
					P     float64
					Exact *string
				}
			}
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatal(err)
			}
			if got.Expr != tt.expr || got.Min != tt.wantMin || got.Max != tt.wantMax || math.Abs(got.Mean-tt.wantMean) > 1e-9 || got.TruncatedMass == nil {
				t.Errorf("odds --json %s = %+v, want min %d max %d mean %g", tt.expr, got, tt.wantMin, tt.wantMax, tt.wantMean)
			}
			sum := 0.0
			for _, o := range got.Outcomes {
				sum += o.P
				if (o.Exact != nil) != tt.wantExact {
					t.Errorf("outcome %+v: exact present = %v, want %v", o, o.Exact != nil, tt.wantExact)
				}
			}
			if math.Abs(sum+*got.TruncatedMass-1) > 1e-9 {
				t.Errorf("probabilities sum to %v with %v truncated, want 1", sum, *got.TruncatedMass)
			}
			if tt.expr == "2d20kh1" && *got.Outcomes[19].Exact != "39/400" {
				t.Errorf("P(2d20kh1 = 20) = %s, want 39/400", *got.Outcomes[19].Exact)
			}
		})
	}
}

func TestOdds_BadInputExitsTwo(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{name: "syntax error", args: []string{"odds", "3d6+)"}, wantErr: `tabletop odds: "3d6+)": col 5: unexpected ')'`},
		{name: "missing expression", args: []string{"odds"}, wantErr: "missing dice expression"},
		{name: "too large", args: []string{"odds", "d1000000*d1000000"}, wantErr: "distribution too large to compute"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := run(t, "", tt.args...)
			if code != 2 || out != "" || !strings.Contains(errs, tt.wantErr) || strings.Count(errs, "\n") != 1 {
				t.Errorf("Run(%q) = %d, stdout %q, stderr %q; want 2 and one line containing %q", tt.args, code, out, errs, tt.wantErr)
			}
		})
	}
}

func TestOdds_HugeDistributionsAreSummarised(t *testing.T) {
	// d10001 panicked (every value under the tail cut-off), d10000 printed
	// 10,000 rows: both are grouped in ranges now, with quantiles.
	for _, expr := range []string{"d10001", "d10000"} {
		code, out, errs := run(t, "", "odds", expr)
		if code != 0 || errs != "" {
			t.Fatalf("odds %s = %d, stderr %q", expr, code, errs)
		}
		for _, want := range []string{"values grouped in ranges of 200: --all shows each", "quantiles (the value P(<=) first reaches): 1% 10", ", 50% 500", "200..399      2.00%"} {
			if !strings.Contains(out, want) {
				t.Errorf("odds %s lacks %q:\n%s", expr, want, out)
			}
		}
		if n := strings.Count(out, "\n"); n > oddsRows+10 {
			t.Errorf("odds %s printed %d lines, want at most %d", expr, n, oddsRows+10)
		}
	}
	_, all, _ := run(t, "", "odds", "d10000", "--all")
	if n := strings.Count(all, "\n"); n < 10000 {
		t.Errorf("odds d10000 --all printed %d lines, want every value", n)
	}
	_, one, _ := run(t, "", "odds", "5")
	if !strings.HasPrefix(one, "5: 1 value, exact") {
		t.Errorf("odds 5 = %q, want \"1 value\"", one)
	}
}

func TestOdds_PlotDrawsBars(t *testing.T) {
	code, out, errs := run(t, "", "odds", "--plot", "2d6")
	if code != 0 || errs != "" {
		t.Fatalf("odds --plot 2d6 = %d, stderr %q", code, errs)
	}
	for _, want := range []string{
		" 2 │████████▍ 2.78%\n",
		" 7 │" + strings.Repeat("█", oddsPlotLen) + " 16.67%\n",
		"12 │████████▍ 2.78%\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("odds --plot 2d6 lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "P(>=)") {
		t.Errorf("--plot printed the table too:\n%s", out)
	}
}
