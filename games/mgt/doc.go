// Package mgt is Monster Girl Taxonomy, a mahjong-like card game.
package mgt
