import { getMetadataStorage, type MetadataStorage } from 'class-validator';

type RulesLookup = MetadataStorage['getTargetValidationMetadatas'];
type Rules = ReturnType<RulesLookup>;
/** A class with rules, as class-validator keys them. */
type RuledClass = Parameters<RulesLookup>[0];

const CACHED = Symbol('scout.validationRulesCached');

/**
 * Keeps class-validator's answer to "which rules does this class have" instead of working it out
 * on every validate().
 *
 * To find a class's rules, class-validator filters its own and then tests the class against every
 * class that has rules (`prototype instanceof`, once per registered class: the inputs of 80 tools),
 * on every call: in the HTTP bench that lookup was 2.9 % of the API's CPU on a metered call, more
 * than checking the rules themselves. Rules come from decorators, registered as classes are defined,
 * so the answer for a class only changes when a rule is added: it is kept per class and options,
 * and everything kept is forgotten whenever a rule is registered. The kept arrays
 * are only read by class-validator (grouped by property into new objects on each call).
 */
export function cacheValidationRules(storage: MetadataStorage = getMetadataStorage()): void {
  const patched = storage as MetadataStorage & { [CACHED]?: true };
  if (patched[CACHED]) return;
  patched[CACHED] = true;

  const lookup: RulesLookup = storage.getTargetValidationMetadatas.bind(storage);
  const addRule = storage.addValidationMetadata.bind(storage);
  let kept = new Map<RuledClass, Map<string, Rules>>();

  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const options = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0001') ?? ''}`;
    let byOptions = kept.get(target);
    if (!byOptions) kept.set(target, (byOptions = new Map<string, Rules>()));
    let rules = byOptions.get(options);
    if (!rules) byOptions.set(options, (rules = lookup(target, schema, always, strictGroups, groups)));
    return rules;
  };
  storage.addValidationMetadata = (metadata) => {
    kept = new Map<RuledClass, Map<string, Rules>>();
    addRule(metadata);
  };
}
