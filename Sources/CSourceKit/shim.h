// The one C type FeatureLoader's WarmCompiler needs to call SourceKit's C API through
// `@convention(c)` function pointers: a value read from a response, which that API passes and
// returns by value (a Swift type can't be). Laid out as `sourcekitd_variant_t` in the
// toolchain's SourceKit/sourcekitd.h. Nothing is linked: the library is opened at runtime.
#include <stdint.h>

typedef struct {
  uint64_t data[3];
} tcaplay_sourcekit_variant;
