import { defineModel, f, isModelKey, registerModel } from '@waypoint/shared';

/**
 * A model that exists only in tests: registered at run time, it proves that the generic API and the
 * admin panel serve any registry model with no code written for it.
 */
export const gadget = defineModel({
  key: 'gadget',
  label: 'Gadget',
  fields: {
    _id: f.id(),
    gameId: f.parent('game'),
    name: f.requiredText(),
    weight: f.number(0),
    colour: f.colour(),
    active: f.boolean(true),
    notes: f.html(),
    tags: f.tags(),
  },
  parent: { model: 'game', field: 'gameId' },
  imageFields: ['image'],
  sort: [['weight', 'desc']],
  read: 'guest',
  write: 'admin',
});

/** Registers the throw-away model once per process. */
export function registerGadget() {
  if (!isModelKey('gadget')) registerModel(gadget);
  return gadget;
}
