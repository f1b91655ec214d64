// compose-config loads a Compose file the way `docker compose config` does, with Compose's own loader
// (compose-go), but offline and without Docker: interpolation (required variables included), schema
// validation, merge keys and normalisation. The environment comes only from the env files named, never from
// this process's, so a variable the example file forgets is reported even when the shell happens to set it.
//
//	compose-config --env-file deploy/compose.env.example docker-compose.yml > project.json
//
// Prints the resolved project as JSON on stdout; on any error prints it on stderr and exits 1.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/compose-spec/compose-go/v2/cli"
)

func main() {
	var envFiles multiFlag
	flag.Var(&envFiles, "env-file", "env file to interpolate with (repeatable); the process environment is never used")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: compose-config [--env-file FILE]... COMPOSE_FILE...")
		os.Exit(2)
	}
	if err := run(envFiles, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(envFiles, composeFiles []string) error {
	options, err := cli.NewProjectOptions(composeFiles,
		// An empty list would make the loader look for ./.env: name the files, or use none.
		withEnvFiles(envFiles),
		cli.WithDotEnv,
		cli.WithConsistency(true),
		cli.WithNormalization(true),
		cli.WithInterpolation(true),
	)
	if err != nil {
		return err
	}
	project, err := options.LoadProject(context.Background())
	if err != nil {
		return err
	}
	out, err := project.MarshalJSON()
	if err != nil {
		return err
	}
	_, err = os.Stdout.Write(append(out, '\n'))
	return err
}

func withEnvFiles(files []string) cli.ProjectOptionsFn {
	return func(o *cli.ProjectOptions) error {
		o.EnvFiles = files
		return nil
	}
}

type multiFlag []string

func (m *multiFlag) String() string     { return fmt.Sprint(*m) }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }
