// `import OSLog` in loaded code resolves to this module (`-module-alias OSLog=OSLogStandIn`): the
// unified-logging names of OSStandIn (`import os`'s stand-in), under the other module name apps use.
@_exported import OSStandIn
