"""The table every game is drawn on: scene, items, layout, card art, the view, the side panel."""
