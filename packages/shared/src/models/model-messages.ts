import { describeModel } from './admin.ts';
import { listName, pluralName } from './names.ts';
import { getModel, modelKeys } from './registry.ts';

/**
 * The names the admin panel and the suggestion forms show for the models of the registry, built from
 * the registry itself: each model's name (`models.<model>.label`), its name for several records
 * (`plural`), its fields (`fields.<field>`, shown as the field's own name in English) and its child
 * lists (`lists.<list>`). A model added to the registry is translatable without code of its own.
 */
function describeNames(key: (typeof modelKeys)[number]) {
  const model = describeModel(getModel(key));
  return {
    label: model.label,
    plural: pluralName(model.label),
    fields: Object.fromEntries(model.fields.map((f) => [f.name, f.name])),
    lists: Object.fromEntries(model.children.map((c) => [c.as, listName(c.as)])),
  };
}

export const modelMessages: Readonly<Record<string, ReturnType<typeof describeNames>>> = Object.fromEntries(
  modelKeys.map((key) => [key, describeNames(key)]),
);
