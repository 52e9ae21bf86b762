/** Import rules checked by `npm run deps:check` (part of npm test). */
module.exports = {
  forbidden: [
    {
      name: "no-module-cycles",
      comment: "Modules import each other in one direction.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-folder-cycles",
      comment:
        "Folders depend on each other in one direction; a cycle means a concern is split wrongly.",
      severity: "error",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: {
      path: ["(^|/)(node_modules|\\.next)/", "\\.test\\.tsx?$", "(^|/)test-(support|fixtures)/"],
    },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
  },
};
