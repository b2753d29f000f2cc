#include "cli.h"
int cli_lookup(int argc, char **argv) { (void)argc; (void)argv; return CLI_USAGE; }
