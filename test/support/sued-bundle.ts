// The QA review 2 F1 bundle: Alice mentored Bob (a declared inverse pair in okf-wiki.json) and Bob sued Alice (a
// different relation back), shared by the CLI's answer test and the plugin's evaluation test.
export const SUED_BUNDLE: Readonly<Record<string, string>> = {
  '/okf-wiki.json': '{"inverses":[["mentored","mentored_by"]]}\n',
  '/entities/alice.md':
    '---\ntype: Person\ntitle: Alice Smith\nrelations:\n  - { predicate: mentored, object: /entities/bob.md }\n' +
    '---\nAlice.\n',
  '/entities/bob.md':
    '---\ntype: Person\ntitle: Bob Jones\nrelations:\n  - { predicate: mentored_by, object: /entities/alice.md }\n' +
    '  - { predicate: sued, object: /entities/alice.md }\n---\nBob.\n',
};
