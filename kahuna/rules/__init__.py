"""The game itself (docs/rules.md): the board, actions, the state and the rules that change
it, the deal, what one seat may see, and the errors. Imports nothing else of kahuna."""
