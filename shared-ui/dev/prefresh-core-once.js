// Hot module replacement's runtime (Prefresh), once per page. A remote's modules, served by its
// own dev server inside the shell's page, would otherwise start a second copy: bound to that
// server's Preact, which renders nothing on the page, and replacing the page's registry of
// components. The shell's copy is the page's; a remote opened alone starts its own.
if (!self.__PREFRESH__) await import("@prefresh/core");
