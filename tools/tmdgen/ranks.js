'use strict';
// Badge ranks: the points needed for the next rank (group's character
// page), the rewards and the bag (inventory) and storage slots they bring
// (rule text: 4 inventory and 2 storage slots to start).
module.exports = [
  {name: 'Rookie', next: 400, inventory: 4, storage: 2, rewards: [], unlocks: ['Kecleon Shops']},
  {name: 'Normal', next: 1200, inventory: 4, storage: 2, rewards: [{item: 'Blast Seed', count: 4}, {item: 'Tiny Reviver Seed', count: 4}, {item: 'Oran Berry', count: 4}]},
  {name: 'Bronze', next: 2000, inventory: 4, storage: 2, rewards: [{item: 'Sitrus Berry', count: 3}, {item: 'Perfect Apple', count: 3}, {item: 'Type-Gem', count: 4, choice: true}]},
  {name: 'Silver', next: 4000, inventory: 4, storage: 2, rewards: [{item: 'Reviver Seed', count: 3}, {item: 'Heal Seed', count: 3}]},
  {name: 'Gold', next: 5500, inventory: 4, storage: 3, rewards: [{item: 'Z Crystal', count: 3, choice: true}], unlocks: ['Kecleon Super Selection']},
  {name: 'Platinum', next: 7000, inventory: 5, storage: 3, rewards: [{item: 'Razz Berry', count: 4}, {item: 'Sitrus Berry', count: 4}]},
  {name: 'Diamond', next: 9000, inventory: 5, storage: 4, rewards: [{item: 'Encourage Seed', count: 3}, {item: 'Vitality Seed', count: 3}]},
  {name: 'Ace', next: 12000, inventory: 5, storage: 5, rewards: [{item: 'Heart Seed', count: 3}], unlocks: ['Kecleon Ultra Selection']},
  {name: 'Master', next: 25000, inventory: 5, storage: 6, rewards: [{item: 'Joy Seed', count: 4}, {item: 'Heart Seed', count: 3}]},
  {name: 'Grand Master', next: 0, inventory: 6, storage: 6, rewards: [{item: 'Wonder Gummi', count: 4}, {item: 'Empowerment Seed', count: 1}]},
];
