package server

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/games/pmr"
)

type (
	viewPending struct {
		Turn    int           `json:"turn"`
		Pending []engine.Seat `json:"pending"`
	}
	viewBoth struct {
		Pending []int   `json:"pending"`
		Waiting []int64 `json:"waiting"`
	}
	viewOmit struct {
		Waiting []engine.Seat `json:"waiting,omitempty"`
		Pending []engine.Seat `json:"pending,omitzero"`
	}
	viewNeither struct {
		Waiting []engine.Seat `json:"-"`
		Pend    []engine.Seat `json:"pend"`
		pending []engine.Seat //lint:ignore U1000 unexported: not in the JSON form
	}
	viewOtherType struct {
		Waiting string        `json:"waiting"`
		Pending []engine.Seat `json:"pending"`
	}
	viewBytes struct {
		Pending []byte `json:"pending"` // base64 in JSON: not a list of seats
	}
	seatList  []engine.Seat
	viewNamed struct {
		Pending seatList `json:"pending"`
	}
	viewEmbedded struct {
		viewPending
		Extra int `json:"extra"`
	}
	viewCustom struct {
		Pending []engine.Seat `json:"pending"`
	}
	viewEmbeddedPointer struct {
		Seat int `json:"seat"`
		*viewPending
	}
	viewShadowed struct {
		Pending bool `json:"pending"` // shallower: hides the embedded list
		*viewPending
	}
	untaggedPending struct {
		Pending []engine.Seat
	}
	viewOneTagged struct { // the tagged one wins ("Pending" is another key anyway)
		viewPending
		untaggedPending
	}
	viewTagged struct {
		viewPending `json:"inner"` // a tagged embedded struct is one field
	}
)

func (seatList) Len() int { return 0 }

func (v viewCustom) MarshalJSON() ([]byte, error) { return []byte(`{"pending":[7]}`), nil }

func TestWaitingIn_FieldsAgreeWithJSON(t *testing.T) {
	views := []struct {
		name string
		view engine.View
	}{
		{"pending", &viewPending{Turn: 3, Pending: []engine.Seat{0, 2}}},
		{"pending by value", viewPending{Pending: []engine.Seat{1}}},
		{"pending empty", &viewPending{Pending: []engine.Seat{}}},
		{"pending nil", &viewPending{}},
		{"nil pointer", (*viewPending)(nil)},
		{"waiting before pending", &viewBoth{Pending: []int{1}, Waiting: []int64{0}}},
		{"waiting nil before pending", &viewBoth{Pending: []int{1}}},
		{"omitempty waiting, pending set", &viewOmit{Pending: []engine.Seat{1}}},
		{"omitempty waiting set", &viewOmit{Waiting: []engine.Seat{0}}},
		{"omitzero pending empty", &viewOmit{Pending: []engine.Seat{}}},
		{"omitzero pending nil", &viewOmit{}},
		{"neither", &viewNeither{Waiting: []engine.Seat{1}, Pend: []engine.Seat{1}, pending: []engine.Seat{1}}},
		{"waiting of another type", &viewOtherType{Waiting: "x", Pending: []engine.Seat{1}}},
		{"bytes", &viewBytes{Pending: []byte{1}}},
		{"named list", &viewNamed{Pending: seatList{1}}},
		{"embedded", &viewEmbedded{viewPending: viewPending{Pending: []engine.Seat{1}}}},
		{"embedded pointer", &viewEmbeddedPointer{viewPending: &viewPending{Pending: []engine.Seat{2}}}},
		{"embedded nil pointer", &viewEmbeddedPointer{}},
		{"shadowed", &viewShadowed{Pending: true, viewPending: &viewPending{Pending: []engine.Seat{2}}}},
		{"one tagged at one depth", &viewOneTagged{viewPending{Pending: []engine.Seat{1}}, untaggedPending{Pending: []engine.Seat{2}}}},
		{"tagged embedded", &viewTagged{viewPending{Pending: []engine.Seat{1}}}},
		{"custom marshaler", viewCustom{Pending: []engine.Seat{1}}},
		{"custom marshaler by pointer", &viewCustom{Pending: []engine.Seat{1}}},
		{"map", map[string]any{"pending": []int{1}}},
		{"string", "pending"},
		{"nil", nil},
	}
	// Two embedded structs whose tagged "pending" lists meet at one depth:
	// encoding/json writes neither. (Built at run time: vet rightly
	// refuses the repeated tag in a declared type.)
	type otherPending struct {
		Pending []engine.Seat `json:"pending"`
	}
	twoTagged := reflect.New(reflect.StructOf([]reflect.StructField{
		{Name: "A", Type: reflect.TypeFor[viewPending](), Anonymous: true},
		{Name: "B", Type: reflect.TypeFor[otherPending](), Anonymous: true},
	}))
	twoTagged.Elem().Field(0).Field(1).Set(reflect.ValueOf([]engine.Seat{1}))
	twoTagged.Elem().Field(1).Field(0).Set(reflect.ValueOf([]engine.Seat{2}))
	views = append(views, struct {
		name string
		view engine.View
	}{"two tagged at one depth", twoTagged.Interface()})

	for _, tt := range views {
		t.Run(tt.name, func(t *testing.T) {
			mustAgree(t, tt.view)
		})
	}
}

func TestWaitingIn_PMRViewsAgreeWithJSON(t *testing.T) {
	tab, err := engine.NewTable(pmr.Game, engine.Options{"turns": "6"}, make([]engine.SeatInfo, 3), dice.Seed{1})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for step := 0; step < 500; step++ {
		st := tab.State()
		for seat := engine.Seat(-1); seat < 3; seat++ {
			if _, _, decided := waitingField(st.View(seat)); !decided {
				t.Fatalf("step %d: the PMR view of seat %d is not read from its fields", step, seat)
			}
			mustAgree(t, st.View(seat))
		}
		if _, over := tab.Over(); over {
			return
		}
		p := st.Pending()[0]
		legal := st.Legal(p)
		if _, err := tab.Act(p, legal[rng.IntN(len(legal))]); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
	}
	t.Fatal("the game did not end in 500 steps")
}

// mustAgree checks that waitingIn and the JSON form say the same of v.
func mustAgree(tb testing.TB, v engine.View) {
	tb.Helper()
	got, gotOK := waitingIn(v)
	want, wantOK := waitingJSON(v)
	if gotOK != wantOK || !reflect.DeepEqual(got, want) {
		tb.Errorf("waitingIn(%#v) = %v, %v; the JSON form says %v, %v", v, got, gotOK, want, wantOK)
	}
	if _, err := json.Marshal(v); err != nil {
		tb.Errorf("view does not marshal: %v", err)
	}
}
