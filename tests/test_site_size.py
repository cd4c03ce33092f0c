"""The built site within bench/site_size.py's budgets (issue 15): a first visit, a later
visit's check of sw.js, and an update after one changed page module. Sizes, not times,
so they are held here; scripts/setup.sh builds the site before the tests run."""

import pytest

from bench import site_size
from scripts import build_site


@pytest.mark.skipif(not (build_site.REPO_ROOT / build_site.PAGE_ARCHIVE).is_file(),
                    reason="the site is built by scripts/setup.sh")
def test_the_built_site_keeps_its_size_budgets():
    m = site_size.measure()
    assert m["first_visit"]["gzip"] <= site_size.BUDGET_FIRST_VISIT
    assert m["later_visit"]["gzip"] <= site_size.BUDGET_LATER_VISIT
    assert m["update_one_file"]["gzip"] <= site_size.BUDGET_UPDATE
    assert not m["source_maps"]
