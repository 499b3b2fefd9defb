# Sliding Puzzles, Explained: set-up, lab, tests and HTML, all from a fresh clone.
# Needs only Python 3.10+ on the PATH as python3 (override with `make PYTHON=python3.12 ...`).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: lab test test-units test-oldest html slides student homework app setup clean

# `make lab PORT=9000 IP=0.0.0.0` picks the port and address (0.0.0.0: reachable from outside a container).
LAUNCH = $(BIN)/python scripts/launch.py $(if $(PORT),--port $(PORT)) $(if $(IP),--ip $(IP))

lab: $(STAMP)  ## set up if needed, then open JupyterLab on notebooks/ (as root too; prints the address)
	$(LAUNCH) lab

# The tests run in parallel, one process a core (pytest-xdist; JOBS=1 runs them in this one process), each
# test file on one process, so a file's servers and built decks are made once.
JOBS ?= auto
test: $(STAMP)  ## set up if needed, then run every test and execute every notebook (in parallel: JOBS=auto)
	$(BIN)/python -m pytest $(if $(filter 1,$(JOBS)),-p no:xdist,-n $(JOBS) --dist loadfile) $(ARGS)

test-units:  ## the quick unit tests and doctests on another Python: make test-units PYTHON=python3.13 (its own .venv-units-VERSION/)
	PYTHON=$(PYTHON) bash scripts/test_units.sh $(ARGS)

test-oldest:  ## in a throwaway .venv-oldest/, install the lowest versions pyproject.toml allows, run the unit tests and doctests
	PYTHON=$(PYTHON) bash scripts/test_oldest.sh $(ARGS)

html: $(STAMP)  ## execute every notebook (timed) and build the offline site in build/html/ with Sphinx (fails on any error)
	$(BIN)/python scripts/build_html.py notebooks build/html

slides: $(STAMP)  ## execute every notebook and write offline reveal.js decks to build/slides/ (index.html lists them)
	$(BIN)/python scripts/build_slides.py --out build/slides

student: $(STAMP)  ## write the student edition to build/student/: no solutions, no outputs, a README for students
	$(BIN)/python scripts/build_student.py --out build/student

homework: $(STAMP)  ## write the nbgrader course to build/homework/: one assignment a lecture, hidden tests, release/ ready to hand out
	$(BIN)/python scripts/build_homework.py --out build/homework

app: $(STAMP)  ## serve the puzzle player (06_play.ipynb) as a stand-alone page with Voila
	$(LAUNCH) app

setup: $(STAMP)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 10), "Python 3.10 or newer is needed, found " + sys.version'
	@echo "Setting up $(VENV)/ (once): puzzlelib with JupyterLab, Voila, Sphinx, nbgrader and the test tools, about 165"
	@echo "packages and 800 MB. It takes 1 to 5 minutes with the network (30 s from a local mirror); pip's"
	@echo "progress follows. Later commands skip this step until pyproject.toml changes."
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --quiet --upgrade pip
	@# PYTHONWARNINGS: setuptools' "Editable installation" notice is advice for package authors, not for you
	PYTHONWARNINGS=ignore::UserWarning $(BIN)/python -m pip install --progress-bar on -e '.[test,app,slides,site,homework]'
	@echo "Compiling the search engine once (numba, a few seconds; kept in numba's cache for later kernels):"
	$(BIN)/python -c "from puzzlelib.engines.compiled import warm_up; print(warm_up())"
	@touch $(STAMP)
	@echo "Set-up done: $(VENV)/ is ready."

clean:
	rm -rf $(VENV) .venv-oldest .venv-units-* build .pytest_cache
