export { Component } from '../tools/crafting/CraftingPage.tsx';
