package server

// LogLen returns the length of the log of table id as the server holds it
// in memory, or -1 if it holds no such table.
func LogLen(s *Server, id string) int {
	s.mu.Lock()
	l, ok := s.live[id]
	s.mu.Unlock()
	if !ok {
		return -1
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.tab.Len()
}
